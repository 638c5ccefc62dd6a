import type {
  Definition,
  FileReference,
  GeocodeSuggestion,
  LiveQuestionnaire,
  Problem,
  ResponseRehydration,
} from '../../src/client/types';

export interface RecordedCall {
  method: string;
  path: string;
  search: string;
  headers: Record<string, string>;
  body: unknown;
  keepalive: boolean;
}

type Override = (call: RecordedCall) => Response | Promise<Response> | undefined;

const json = (status: number, body: unknown, type = 'application/json') =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': type } });
export const problemResponse = (
  status: number,
  code: Problem['code'],
  detail: string = code,
  headers: HeadersInit = {},
  /** More members of the problem body (`reason`, `opensAt`, `quotaId`, `endingId`). */
  members: Partial<Problem> = {},
) => {
  const body = { type: 'about:blank', title: code, status, code, detail, ...members };
  const response = json(status, body, 'application/problem+json');
  for (const [name, value] of new Headers(headers)) response.headers.set(name, value);
  return response;
};

/**
 * The public API faked at the client edge (a `fetch`), for component tests: it answers like
 * the real server for one questionnaire and records every call. `override` can answer first.
 */
export function fakePublicApi(
  definition: Definition,
  options: {
    submissionPolicy?: 'MULTIPLE' | 'ONE_PER_REF';
    rehydration?: Partial<ResponseRehydration>;
    suggestions?: GeocodeSuggestion[];
    /** The embed's label tables the documents carry (the server's `labelsFor` of each language). */
    labels?: LiveQuestionnaire['labels'];
    /** The live document's availability (OPEN when not given). */
    availability?: LiveQuestionnaire['availability'];
    override?: Override;
  } = {},
) {
  const calls: RecordedCall[] = [];
  let files = 0;
  const live: LiveQuestionnaire = {
    publicId: 'pub1',
    name: 'Test',
    versionNumber: 1,
    definition,
    submissionPolicy: options.submissionPolicy ?? 'MULTIPLE',
    labels: options.labels ?? {},
    availability: options.availability ?? { status: 'OPEN', opensAt: null, closesAt: null },
  };
  const fetch = async (input: RequestInfo | URL, init: RequestInit = {}): Promise<Response> => {
    const url = new URL(String(input));
    const headers = Object.fromEntries(new Headers(init.headers).entries());
    let body: unknown = init.body;
    if (typeof init.body === 'string') body = JSON.parse(init.body);
    const call: RecordedCall = {
      method: init.method ?? 'GET',
      path: url.pathname,
      search: url.search,
      headers,
      body,
      keepalive: init.keepalive === true,
    };
    calls.push(call);
    const overridden = await options.override?.(call);
    if (overridden) return overridden;
    const route = `${call.method} ${call.path.replace(/^\/public\/v1/, '')}`;
    if (route === 'GET /questionnaires/pub1/live') return json(200, live);
    if (route === 'GET /questionnaires/pub1/ref-status') return json(200, { status: 'NONE' });
    if (route === 'POST /questionnaires/pub1/responses') return json(201, { responseId: 'resp-1' });
    if (route === 'GET /responses/resp-1') {
      return json(200, {
        status: 'IN_PROGRESS',
        versionNumber: 1,
        answers: {},
        definition,
        submissionPolicy: live.submissionPolicy,
        language: definition.defaultLanguage ?? 'en',
        labels: live.labels,
        hidden: {},
        ...options.rehydration,
      });
    }
    if (route === 'PATCH /responses/resp-1') return new Response(null, { status: 200 });
    if (route === 'POST /responses/resp-1/complete') return new Response(null, { status: 200 });
    if (route === 'POST /responses/resp-1/files') {
      const file = (init.body as FormData).get('file') as File;
      const reference: FileReference = {
        fileId: `file-${++files}`,
        fileName: file.name,
        size: file.size,
        contentType: file.type || 'application/octet-stream',
      };
      return json(201, reference);
    }
    if (/^DELETE \/responses\/resp-1\/files\//.test(route)) return new Response(null, { status: 204 });
    if (route === 'GET /geocode') return json(200, options.suggestions ?? []);
    return problemResponse(404, 'NOT_FOUND');
  };
  return {
    fetch: fetch as typeof globalThis.fetch,
    /** The live document it answers with: a test may change it (a scheduled questionnaire opening). */
    live,
    calls,
    patches: () => calls.filter((c) => c.method === 'PATCH').map((c) => c.body),
    count: (method: string, pattern: RegExp) => calls.filter((c) => c.method === method && pattern.test(c.path)).length,
  };
}
