import { Ajv2020 } from 'ajv/dist/2020.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from './harness.ts';

let server: TestServer;
let doc: any;
beforeAll(async () => {
  server = await startTestServer();
  const res = await call(server, 'GET', '/openapi.json');
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  doc = res.body;
});
afterAll(() => server.close());

/** The questionnaire-management operations of the spec (section 4) and their success status. */
const MANAGEMENT: [method: string, path: string, success: string][] = [
  ['get', '/api/v1/questionnaires', '200'],
  ['post', '/api/v1/questionnaires', '201'],
  ['get', '/api/v1/questionnaires/{id}', '200'],
  ['patch', '/api/v1/questionnaires/{id}', '200'],
  ['delete', '/api/v1/questionnaires/{id}', '204'],
  ['put', '/api/v1/questionnaires/{id}/draft', '200'],
  ['post', '/api/v1/questionnaires/{id}/duplicate', '201'],
  ['get', '/api/v1/questionnaires/{id}/export', '200'],
  ['post', '/api/v1/questionnaires/import', '201'],
  ['post', '/api/v1/questionnaires/{id}/publish', '200'],
  ['get', '/api/v1/questionnaires/{id}/versions', '200'],
  ['get', '/api/v1/questionnaires/{id}/versions/{n}', '200'],
  ['post', '/api/v1/questionnaires/{id}/versions/{n}/restore', '200'],
];

const PROBLEM_REF = '#/components/schemas/Problem';
const resolve = (ref: string) => doc.components.schemas[ref.replace('#/components/schemas/', '')];

describe('GET /openapi.json', () => {
  it('is OpenAPI 3.1 with version label v0', () => {
    expect(doc.openapi).toMatch(/^3\.1\.\d+$/);
    expect(doc.info.version).toBe('v0');
    expect(typeof doc.info.title).toBe('string');
  });

  it.each(MANAGEMENT)('documents %s %s with success status %s and no other success', (method, path, success) => {
    const operation = doc.paths[path]?.[method];
    expect(operation, `${method} ${path}`).toBeDefined();
    const statuses = Object.keys(operation.responses);
    expect(statuses).toContain(success);
    expect(statuses.filter((s) => /^2\d\d$/.test(s))).toEqual([success]);
    if (success === '204') expect(operation.responses['204'].content).toBeUndefined();
    else expect(operation.responses[success].content['application/json'].schema).toBeDefined();
  });

  it('documents the publish body as optional and the create body as required', () => {
    expect(doc.paths['/api/v1/questionnaires/{id}/publish'].post.requestBody.required).toBe(false);
    expect(doc.paths['/api/v1/questionnaires'].post.requestBody.required).toBe(true);
  });

  it('documents no method on these paths that the server does not serve', () => {
    for (const path of new Set(MANAGEMENT.map(([, p]) => p))) {
      const documented = Object.keys(doc.paths[path]).filter((k) =>
        ['get', 'put', 'post', 'delete', 'patch', 'head', 'options'].includes(k),
      );
      const expected = MANAGEMENT.filter(([, p]) => p === path).map(([m]) => m);
      // Every GET has its HEAD twin.
      if (expected.includes('get')) expected.push('head');
      expect(documented.sort(), path).toEqual(expected.sort());
    }
  });

  it.each(MANAGEMENT)('%s %s declares its problem responses, narrowed to their codes', (method, path) => {
    const responses = doc.paths[path][method].responses;
    for (const [status, response] of Object.entries<any>(responses)) {
      if (!/^[45]\d\d$/.test(status)) continue;
      const [problem, narrowed] = response.content['application/problem+json'].schema.allOf;
      expect(problem.$ref, `${method} ${path} ${status}`).toBe(PROBLEM_REF);
      expect(narrowed.properties.code.enum.length).toBeGreaterThan(0);
    }
    const codes = (status: string) =>
      responses[status]?.content['application/problem+json'].schema.allOf[1].properties.code.enum;
    expect(codes('400')).toEqual(expect.arrayContaining(['VALIDATION_FAILED', 'MALFORMED_JSON']));
    // Only operations that address a questionnaire can answer 404.
    if (path.includes('{id}')) expect(codes('404')).toEqual(['NOT_FOUND']);
    else expect(responses['404']).toBeUndefined();
    // 415 only where the adapter takes a body.
    expect(Boolean(responses['415'])).toBe(['post', 'put', 'patch'].includes(method));
    expect(responses['500']).toBeUndefined();
  });

  it('declares errors per operation, not by path prefix', () => {
    const uploadsConfig = doc.paths['/api/v1/uploads/config'].get.responses;
    expect(uploadsConfig['404']).toBeUndefined();
    const live = doc.paths['/public/v1/questionnaires/{publicId}/live'].get.responses;
    expect(live['404'].content['application/problem+json'].schema.allOf[1].properties.code.enum).toEqual([
      'NOT_FOUND',
      'NOT_PUBLISHED',
    ]);
    const create = doc.paths['/public/v1/questionnaires/{publicId}/responses'].post.responses;
    expect(create['409'].content['application/problem+json'].schema.allOf[1].properties.code.enum).toEqual([
      'ALREADY_SUBMITTED',
      'QUESTIONNAIRE_CLOSED',
    ]);
    const complete = doc.paths['/public/v1/responses/{responseId}/complete'].post.responses;
    expect(complete['409'].content['application/problem+json'].schema.allOf[1].properties.code.enum).toEqual([
      'ALREADY_SUBMITTED',
      'QUESTIONNAIRE_CLOSED',
      'QUOTA_FULL',
    ]);
    expect(create['429']).toBeUndefined(); // rate limits are off on this test server
    expect(doc.paths['/public/v1/geocode'].get.responses['403']).toBeUndefined(); // names no questionnaire
  });

  it('the Problem schema has the problem-details fields', () => {
    const problem = resolve(PROBLEM_REF);
    expect(Object.keys(problem.properties)).toEqual(
      expect.arrayContaining(['type', 'title', 'status', 'code', 'detail', 'instance', 'errors']),
    );
    expect(problem.required).toEqual(expect.arrayContaining(['type', 'title', 'status', 'code', 'detail']));
    expect(problem.properties.code.enum).toEqual(
      expect.arrayContaining(['VALIDATION_FAILED', 'MALFORMED_JSON', 'NOT_FOUND', 'UNAUTHORIZED', 'PAYLOAD_TOO_LARGE']),
    );
  });

  it('documents the path and query parameters', () => {
    const params = (method: string, path: string) =>
      Object.fromEntries(doc.paths[path][method].parameters.map((p: any) => [`${p.in}:${p.name}`, p]));
    const list = params('get', '/api/v1/questionnaires');
    expect(list['query:page']).toMatchObject({ schema: { type: 'integer', format: 'int32', minimum: 0, default: 0 } });
    expect(list['query:size']).toMatchObject({
      schema: { type: 'integer', format: 'int32', minimum: 1, maximum: 200, default: 50 },
    });
    expect(list['query:page'].required).toBeFalsy();
    const version = params('get', '/api/v1/questionnaires/{id}/versions/{n}');
    expect(version['path:id']).toMatchObject({ required: true });
    expect(version['path:n']).toMatchObject({ required: true, schema: { type: 'integer' } });
  });

  it('documents request bodies with the shared schemas', () => {
    const body = (method: string, path: string) =>
      doc.paths[path][method].requestBody?.content?.['application/json']?.schema;
    const create = body('post', '/api/v1/questionnaires');
    expect(create).toBeDefined();
    expect(JSON.stringify(create)).toContain('name');
    // The draft body is exactly the Definition the server validates, strict and all.
    expect(body('put', '/api/v1/questionnaires/{id}/draft')).toEqual({ $ref: '#/components/schemas/Definition' });
    expect(resolve('#/components/schemas/Definition').additionalProperties).toBe(false);
    expect(body('post', '/api/v1/questionnaires/{id}/duplicate')).toBeUndefined();
    expect(body('delete', '/api/v1/questionnaires/{id}')).toBeUndefined();
  });

  it('documents the response shapes of detail, page, versions and export', () => {
    const schemaOf = (method: string, path: string, status = '200') =>
      doc.paths[path][method].responses[status].content['application/json'].schema;
    expect(schemaOf('get', '/api/v1/questionnaires/{id}').$ref).toBe('#/components/schemas/QuestionnaireDetail');
    expect(schemaOf('post', '/api/v1/questionnaires', '201').$ref).toBe('#/components/schemas/QuestionnaireDetail');
    expect(schemaOf('get', '/api/v1/questionnaires').$ref).toBe('#/components/schemas/PageResultQuestionnaireSummary');
    expect(schemaOf('get', '/api/v1/questionnaires/{id}/export').$ref).toBe('#/components/schemas/QuestionnaireExport');
    expect(schemaOf('get', '/api/v1/questionnaires/{id}/versions/{n}').$ref).toBe('#/components/schemas/VersionDetail');
    const versions = schemaOf('get', '/api/v1/questionnaires/{id}/versions');
    expect(versions.type).toBe('array');
    expect(versions.items.$ref).toBe('#/components/schemas/VersionSummary');
    const detail = resolve('#/components/schemas/QuestionnaireDetail');
    expect(Object.keys(detail.properties).sort()).toEqual(
      [
        'allowedOrigins',
        'currentVersion',
        'draft',
        'hasUnpublishedChanges',
        'id',
        'name',
        'publicId',
        'submissionPolicy',
        'updatedAt',
        'opensAt',
        'closesAt',
        'closeGraceMinutes',
        'maxCompletedResponses',
        'quotas',
        'availability',
      ].sort(),
    );
    expect(detail.properties.submissionPolicy.enum ?? resolve(detail.properties.submissionPolicy.$ref).enum).toEqual([
      'MULTIPLE',
      'ONE_PER_REF',
    ]);
  });

  it('every documented operation has a unique operationId', () => {
    const ids: string[] = [];
    for (const item of Object.values<any>(doc.paths)) {
      for (const operation of Object.values<any>(item)) if (operation?.operationId) ids.push(operation.operationId);
    }
    expect(ids.length).toBeGreaterThanOrEqual(MANAGEMENT.length);
    expect(new Set(ids).size).toBe(ids.length);
  });
});

/** Every operation of the spec's section 4 tables, with the success status the spec names. */
const SPEC_OPERATIONS: [method: string, path: string, success: string, contentType?: string][] = [
  ['get', '/api/v1/questionnaires/{id}/files/stats', '200'],
  ['get', '/api/v1/questionnaires/{id}/responses', '200'],
  ['get', '/api/v1/questionnaires/{id}/summary', '200'],
  ['delete', '/api/v1/questionnaires/{id}/responses/{responseId}', '204'],
  ['get', '/api/v1/questionnaires/{id}/responses/export.csv', '200', 'text/csv'],
  ['get', '/api/v1/questionnaires/{id}/responses/{responseId}/files/{fileId}', '200', '*/*'],
  ['get', '/api/v1/uploads/config', '200'],
  ['get', '/public/v1/questionnaires/{publicId}/live', '200'],
  ['get', '/public/v1/questionnaires/{publicId}/ref-status', '200'],
  ['post', '/public/v1/questionnaires/{publicId}/responses', '201'],
  ['get', '/public/v1/responses/{responseId}', '200'],
  ['patch', '/public/v1/responses/{responseId}', '200'],
  ['post', '/public/v1/responses/{responseId}/complete', '200'],
  ['post', '/public/v1/responses/{responseId}/files', '201'],
  ['delete', '/public/v1/responses/{responseId}/files/{fileId}', '204'],
  ['get', '/public/v1/geocode', '200'],
];

describe('responses, files and public API in /openapi.json', () => {
  it.each(SPEC_OPERATIONS)('documents %s %s with %s', (method, path, success, contentType) => {
    const operation = doc.paths[path]?.[method];
    expect(operation, `${method} ${path}`).toBeDefined();
    expect(Object.keys(operation.responses)).toContain(success);
    if (contentType) expect(Object.keys(operation.responses[success].content)).toContain(contentType);
  });

  it('documents the upload as multipart with a binary file part and a required questionCode', () => {
    const operation = doc.paths['/public/v1/responses/{responseId}/files'].post;
    const schema = operation.requestBody.content['multipart/form-data'].schema;
    expect(JSON.stringify(schema)).toContain('binary');
    const questionCode = operation.parameters.find((p: { name: string }) => p.name === 'questionCode');
    expect(questionCode).toMatchObject({ in: 'query', required: true });
  });

  it('documents the summary: its filters, its shape and its problems', () => {
    const operation = doc.paths['/api/v1/questionnaires/{id}/summary'].get;
    const query = operation.parameters
      .filter((p: { in: string }) => p.in === 'query')
      .map((p: { name: string }) => p.name);
    expect(query.sort()).toEqual([
      'endingId',
      'externalRef',
      'from',
      'hidden',
      'language',
      'status',
      'to',
      'versionNumber',
    ]);
    expect(operation.responses['200'].content['application/json'].schema.$ref).toBe(
      '#/components/schemas/ResponseSummary',
    );
    expect(Object.keys(resolve('#/components/schemas/ResponseSummary').properties)).toEqual(
      expect.arrayContaining(['counts', 'timeToComplete', 'endings', 'hiddenFields', 'steps', 'questions']),
    );
    for (const status of ['400', '404']) {
      expect(operation.responses[status].content['application/problem+json'], status).toBeDefined();
    }
    expect(JSON.stringify(operation.responses['400'])).toContain('UNKNOWN_VERSION');
  });

  it('documents every field of languages (issue 22): requests, answers, filters, problems and webhooks', () => {
    const deref = (schema: any): any => (schema?.$ref ? deref(resolve(schema.$ref)) : schema);
    const bodyOf = (method: string, path: string) =>
      deref(doc.paths[path][method].requestBody.content['application/json'].schema);
    const create = bodyOf('post', '/public/v1/questionnaires/{publicId}/responses');
    const patch = bodyOf('patch', '/public/v1/responses/{responseId}');
    for (const body of [create, patch]) {
      expect(body.properties.language).toMatchObject({ type: 'string', minLength: 1, maxLength: 35 });
      expect(body.required ?? []).not.toContain('language');
    }
    const codes400 = (method: string, path: string) =>
      JSON.stringify(doc.paths[path][method].responses['400'].content['application/problem+json']);
    expect(codes400('post', '/public/v1/questionnaires/{publicId}/responses')).toContain('UNKNOWN_LANGUAGE');
    expect(codes400('patch', '/public/v1/responses/{responseId}')).toContain('UNKNOWN_LANGUAGE');

    const answerOf = (method: string, path: string) =>
      deref(doc.paths[path][method].responses['200'].content['application/json'].schema);
    const rehydration = answerOf('get', '/public/v1/responses/{responseId}');
    expect(rehydration.required).toEqual(expect.arrayContaining(['language', 'labels']));
    expect(deref(rehydration.properties.labels).additionalProperties).toBeDefined();
    const live = answerOf('get', '/public/v1/questionnaires/{publicId}/live');
    expect(live.required).toContain('labels');
    const meta = resolve('#/components/schemas/Meta');
    expect(meta.properties.language).toMatchObject({ type: 'string' });
    expect(meta.required).toContain('language');

    for (const path of [
      '/api/v1/questionnaires/{id}/responses',
      '/api/v1/questionnaires/{id}/responses/export.csv',
      '/api/v1/questionnaires/{id}/summary',
    ]) {
      const language = doc.paths[path].get.parameters.find((p: { name: string }) => p.name === 'language');
      expect(language, path).toMatchObject({ in: 'query', schema: { type: 'string', maxLength: 35 } });
      expect(language.required, path).toBeFalsy();
    }
    expect(doc.paths['/api/v1/questionnaires/{id}/responses/export.csv'].get.description).toContain('language');

    const summary = resolve('#/components/schemas/ResponseSummary');
    expect(summary.required).toContain('languages');
    const language = deref(summary.properties.languages.items);
    expect(Object.keys(language.properties)).toEqual(['language', 'responses', 'completed']);

    for (const event of ['response.created', 'response.completed']) {
      const data = deref(
        deref(doc.webhooks[event].post.requestBody.content['application/json'].schema).properties.data,
      );
      expect(data.properties.language, event).toMatchObject({ type: 'string' });
      expect(data.required).toContain('language');
    }
  });

  it('documents every schema of issue 25: the new question types, Other, shuffle and their summary figures', () => {
    const deref = (schema: any): any => (schema?.$ref ? deref(resolve(schema.$ref)) : schema);
    const questionOf = (type: string) =>
      doc.components.schemas.Question.oneOf.find((q: any) => q.properties.type.const === type);
    const configOf = (type: string) => deref(questionOf(type).properties.typeConfig);
    const fields = (type: string) => Object.keys(configOf(type).properties).sort();
    expect(fields('MATRIX')).toEqual(['columns', 'multiple', 'rows', 'shuffle']);
    expect(configOf('MATRIX').properties.rows).toMatchObject({ type: 'array', minItems: 1, maxItems: 50 });
    expect(configOf('MATRIX').properties.columns).toMatchObject({ type: 'array', minItems: 2, maxItems: 12 });
    expect(questionOf('MATRIX').required).toContain('typeConfig');
    expect(fields('RANKING')).toEqual(['choices', 'rankCount', 'shuffle']);
    expect(configOf('RANKING').properties.choices).toMatchObject({ minItems: 2, maxItems: 30 });
    expect(fields('NPS')).toEqual(['maxLabel', 'minLabel']);
    expect(fields('DATE_TIME')).toEqual(['max', 'min']);
    expect(fields('TIME')).toEqual(['max', 'min', 'stepMinutes']);
    for (const type of ['SINGLE_CHOICE', 'DROPDOWN', 'MULTI_CHOICE']) {
      expect(fields(type), type).toEqual(expect.arrayContaining(['allowOther', 'otherLabel', 'shuffle']));
      expect(configOf(type).required ?? [], type).not.toContain('allowOther');
    }
    expect(deref(configOf('MATRIX').properties.shuffle).enum).toEqual(['NONE', 'ALL', 'ALL_BUT_LAST']);

    const summaryQuestion = resolve('#/components/schemas/SummaryQuestion');
    expect(Object.keys(summaryQuestion.properties)).toEqual(
      expect.arrayContaining(['other', 'rows', 'ranking', 'nps', 'stats', 'distribution']),
    );
    expect(summaryQuestion.properties.type.enum).toEqual(
      expect.arrayContaining(['MATRIX', 'RANKING', 'NPS', 'DATE_TIME', 'TIME']),
    );
    const row = deref(summaryQuestion.properties.rows.items);
    expect(Object.keys(row.properties)).toEqual(['value', 'label', 'answered', 'columns']);
    expect(Object.keys(deref(row.properties.columns.items).properties)).toEqual(['value', 'label', 'count']);
    const ranked = deref(summaryQuestion.properties.ranking.items);
    expect(Object.keys(ranked.properties)).toEqual(['value', 'label', 'count', 'meanRank', 'firstPlace']);
    expect(JSON.stringify(ranked.properties.meanRank)).toContain('null');
    const nps = deref(summaryQuestion.properties.nps);
    expect(Object.keys(nps.properties)).toEqual(['score', 'promoters', 'passives', 'detractors']);
    expect(JSON.stringify(nps.properties.score)).toContain('null');
    expect(Object.keys(deref(summaryQuestion.properties.other).properties)).toEqual(['count', 'samples']);
    for (const name of ['SummaryMatrixRow', 'SummaryRankedChoice', 'SummaryNps', 'SummaryOther', 'ShuffleMode']) {
      expect(doc.components.schemas[name], name).toBeDefined();
    }

    // The documented answers accept every new shape: a grid (single and multiple), a ranking, Other.
    const ajv = new Ajv2020({ strict: false });
    const answersValid = ajv.compile(doc.components.schemas.Answers);
    expect(
      answersValid({
        grid: { speed: 'good' },
        times: { weekdays: ['mornings', 'evenings'] },
        rank: ['b', 'a'],
        nps: 10,
        when: '2026-03-29T01:30+01:00',
        at: '09:05',
        colour: { other: 'Teal' },
        pets: ['cat', { other: 'Hamster' }],
      }),
    ).toBe(true);
  });

  it('documents the ETag and 304 of live, and 403 on public routes', () => {
    const live = doc.paths['/public/v1/questionnaires/{publicId}/live'].get;
    expect(live.responses['304']).toBeDefined();
    expect(live.responses['200'].headers.ETag).toBeDefined();
    expect(live.responses['403'].content['application/problem+json']).toBeDefined();
  });
});

describe('what the document says beyond shapes', () => {
  const operations = () =>
    Object.entries<any>(doc.paths).flatMap(([path, item]) =>
      Object.entries<any>(item).map(([method, operation]) => ({ path, method, operation })),
    );

  it('declares security, a description and declared tags on every operation', () => {
    const tags = new Set(doc.tags.map((tag: { name: string }) => tag.name));
    for (const { path, method, operation } of operations()) {
      expect(operation.security, `${method} ${path}`).toEqual([]);
      expect(operation.description?.length, `${method} ${path}`).toBeGreaterThan(0);
      for (const tag of operation.tags) expect(tags.has(tag), `${tag} of ${method} ${path}`).toBe(true);
    }
  });

  it('declares the optional Origin header on every public operation', () => {
    const publicOps = operations().filter(({ path }) => path.startsWith('/public/v1/'));
    expect(publicOps.filter(({ method }) => method !== 'head')).toHaveLength(9);
    for (const { path, method, operation } of publicOps) {
      const origin = operation.parameters.find((p: any) => p.in === 'header' && p.name === 'Origin');
      expect(origin, `${method} ${path}`).toMatchObject({ required: false, schema: { type: 'string' } });
    }
  });

  it('documents Location on every 201, and no content on the 200s that send none', () => {
    for (const { path, method, operation } of operations()) {
      if (operation.responses['201']) {
        expect(operation.responses['201'].headers?.Location, `${method} ${path}`).toBeDefined();
      }
    }
    for (const path of ['/public/v1/responses/{responseId}', '/public/v1/responses/{responseId}/complete']) {
      const method = path.endsWith('complete') ? 'post' : 'patch';
      expect(doc.paths[path][method].responses['200'].content, path).toBeUndefined();
    }
  });

  it('gives every integer a format: int32 for versions and paging, int64 for counts and byte totals', () => {
    const schema = (name: string) => doc.components.schemas[name].properties;
    expect(schema('VersionSummary').versionNumber.format).toBe('int32');
    expect(schema('QuestionnaireDetail').currentVersion.format).toBe('int32');
    expect(schema('QuestionnaireSummary').responseCount.format).toBe('int64');
    expect(schema('FileStats').totalBytes.format).toBe('int64');
    expect(schema('UploadsConfig').maxBytesPerResponse.format).toBe('int64');
    expect(schema('UploadsConfig').maxFileSizeMb.format).toBe('int32');
    const integers: unknown[] = [];
    const walk = (node: any) => {
      if (Array.isArray(node)) node.forEach(walk);
      else if (node && typeof node === 'object') {
        if (node.type === 'integer') integers.push(node);
        Object.values(node).forEach(walk);
      }
    };
    walk(doc);
    expect(integers.filter((node: any) => !['int32', 'int64'].includes(node.format))).toEqual([]);
  });

  it('describes the answers limits in force', () => {
    const answers = doc.components.schemas.Answers;
    expect(answers).toMatchObject({ maxProperties: 500, propertyNames: { minLength: 1, maxLength: 128 } });
    expect(JSON.stringify(answers)).not.toContain('"null"');
    expect(answers.description).toMatch(/262144 bytes/);
  });

  it('has no default that its own schema rejects (choice questions need their typeConfig)', () => {
    const question = doc.components.schemas.Question.oneOf;
    const single = question.find((q: any) => q.properties.type.const === 'SINGLE_CHOICE');
    expect(single.properties.typeConfig.default).toBeUndefined();
    expect(single.required).toContain('typeConfig');
    const text = question.find((q: any) => q.properties.type.const === 'SHORT_TEXT');
    expect(text.required).not.toContain('typeConfig');
    expect(text.required).not.toContain('sectionTitle');
  });

  it('documents /healthz and /readyz, ETag on live and versions/{n}, and a HEAD for every GET', () => {
    expect(doc.paths['/healthz'].get.responses['200']).toBeDefined();
    expect(doc.paths['/readyz'].get.responses['503']).toBeDefined();
    for (const path of ['/public/v1/questionnaires/{publicId}/live', '/api/v1/questionnaires/{id}/versions/{n}']) {
      expect(doc.paths[path].get.responses['200'].headers.ETag, path).toBeDefined();
      expect(doc.paths[path].get.responses['304'], path).toBeDefined();
    }
    for (const [path, item] of Object.entries<any>(doc.paths)) {
      if (item.get) expect(item.head?.responses['200'] ?? item.head?.responses['200'], path).toBeDefined();
    }
    expect(Object.keys(doc.components.schemas).filter((name) => name.startsWith('error.'))).toEqual([]);
  });
});

describe('with MANAGEMENT_API_TOKEN, the document says which operations need it', () => {
  let guarded: TestServer;
  afterAll(() => guarded?.close());

  it('requires the bearer token on management operations only, with 401 declared there', async () => {
    guarded = await startTestServer({ MANAGEMENT_API_TOKEN: 'secret' });
    const document = (await call(guarded, 'GET', '/openapi.json')).body;
    for (const [path, item] of Object.entries<any>(document.paths)) {
      for (const [method, operation] of Object.entries<any>(item)) {
        const management = path.startsWith('/api/v1/');
        expect(operation.security, `${method} ${path}`).toEqual(management ? [{ managementToken: [] }] : []);
        expect(Boolean(operation.responses['401']), `${method} ${path}`).toBe(management);
      }
    }
  });
});
