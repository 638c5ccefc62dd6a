import { createConfig, lintFromString } from '@redocly/openapi-core';
import { Document, Spectral } from '@stoplight/spectral-core';
import { Json } from '@stoplight/spectral-parsers';
import { oas } from '@stoplight/spectral-rulesets';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { call, startTestServer, type TestServer } from './harness.ts';

/**
 * The document passes the two linters third parties run over it: Redocly's recommended rules
 * and Spectral's `spectral:oas`, with the management token off and on, and in accounts mode (the documents differ).
 */
describe.each([
  ['without a management token', {}],
  ['with a management token and rate limits', { MANAGEMENT_API_TOKEN: 'secret', RATE_LIMIT_PUBLIC_WRITES: '10' }],
  ['in accounts mode', { AUTH_MODE: 'accounts', MANAGEMENT_API_TOKEN: 'secret' }],
])('OpenAPI lint %s', (_label, env: Record<string, string>) => {
  let server: TestServer;
  let source: string;
  beforeAll(async () => {
    server = await startTestServer(env);
    // Accounts mode guards the document; the token opens it (open mode ignores the header here).
    const headers: Record<string, string> = env.MANAGEMENT_API_TOKEN
      ? { authorization: `Bearer ${env.MANAGEMENT_API_TOKEN}` }
      : {};
    source = JSON.stringify((await call(server, 'GET', '/openapi.json', undefined, headers)).body, null, 2);
  });
  afterAll(() => server.close());

  it('Redocly (recommended) reports no errors and no warnings', async () => {
    const config = await createConfig({ extends: ['recommended'] });
    const problems = await lintFromString({ source, absoluteRef: 'openapi.json', config });
    expect(problems.map((problem) => `${problem.severity} ${problem.ruleId}: ${problem.message}`)).toEqual([]);
  });

  it('Spectral (spectral:oas) reports no errors and no warnings', async () => {
    const spectral = new Spectral();
    spectral.setRuleset({ extends: [[oas as never, 'recommended']] });
    const results = await spectral.run(new Document(source, Json, 'openapi.json'));
    expect(results.map((result) => `${result.code} at ${result.path.join('.')}: ${result.message}`)).toEqual([]);
  });
});
