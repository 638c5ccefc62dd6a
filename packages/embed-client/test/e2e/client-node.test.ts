import { type RunningServer, startServer } from '@forms-engine/browser-testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type * as ClientEntry from '../../src/client/index';
import { type Api, apiOf } from './support/api';
import { journey } from './support/definitions';

/** The published `./client` entry (the built file), from Node, against the real server: every public operation. */
// Typed from the sources, loaded from dist/ (which typecheck does not need to exist).
const built = '../../dist/client.js';
const { createPublicClient, FormsEngineError } = (await import(built)) as typeof ClientEntry;
let server: RunningServer;
let api: Api;
beforeAll(async () => {
  server = await startServer();
  api = apiOf(server.url);
});
afterAll(() => server?.stop());

const failure = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof FormsEngineError) return error as ClientEntry.FormsEngineError;
    throw error;
  }
  throw new Error('expected a FormsEngineError');
};

describe('typed public client from Node', () => {
  it('runs a whole response: live, create, patch, rehydrate, upload, delete, complete, ref status', async () => {
    const q = await api.publish(journey, { submissionPolicy: 'ONE_PER_REF' });
    const client = createPublicClient({ baseUrl: `${server.url}/` });

    const live = await client.getLive(q.publicId);
    expect(live).toMatchObject({ publicId: q.publicId, versionNumber: 1, submissionPolicy: 'ONE_PER_REF' });
    expect(live.definition.steps.map((step) => step.id)).toEqual(['about', 'details', 'finish']);
    expect(await client.getRefStatus(q.publicId, 'crm-1')).toEqual({ status: 'NONE' });

    const { responseId } = await client.createResponse(q.publicId, { versionNumber: 1, externalRef: 'crm-1' });
    await expect(
      client.patchResponse(responseId, {
        answers: { name: 'Ada' },
        lastPosition: { stepId: 'details', tabId: 'files' },
      }),
    ).resolves.toBeUndefined();
    const file = await client.uploadFile(responseId, 'documents', new Blob(['hello'], { type: 'text/plain' }), {
      fileName: 'hello.txt',
    });
    expect(file).toMatchObject({ fileName: 'hello.txt', size: 5, contentType: 'text/plain' });
    expect(await client.getResponse(responseId)).toMatchObject({
      status: 'IN_PROGRESS',
      versionNumber: 1,
      answers: { name: 'Ada' },
      lastPosition: { stepId: 'details', tabId: 'files' },
      submissionPolicy: 'ONE_PER_REF',
    });
    await expect(client.deleteFile(responseId, file.fileId)).resolves.toBeUndefined();
    await expect(client.completeResponse(responseId)).resolves.toBeUndefined();
    await expect(client.completeResponse(responseId)).resolves.toBeUndefined();
    expect(await client.getRefStatus(q.publicId, 'crm-1')).toEqual({ status: 'COMPLETED' });

    const completed = await failure(client.patchResponse(responseId, { answers: {} }));
    expect([completed.status, completed.code]).toEqual([409, 'RESPONSE_COMPLETED']);
    const again = await failure(client.createResponse(q.publicId, { versionNumber: 1, externalRef: 'crm-1' }));
    expect([again.status, again.code]).toEqual([409, 'ALREADY_SUBMITTED']);
  });

  it('reports problems as FormsEngineError with the server body, and network failures as NETWORK_ERROR', async () => {
    const client = createPublicClient({ baseUrl: server.url });
    const missing = await failure(client.getResponse('00000000-0000-4000-8000-000000000000'));
    expect(missing.problem).toMatchObject({ status: 404, code: 'NOT_FOUND', type: 'about:blank' });
    expect(missing.problem.requestId).toBeTruthy();
    const q = await api.publish(journey);
    const invalid = await failure(client.createResponse(q.publicId, { versionNumber: 99 }));
    expect(invalid.code).toBe('UNKNOWN_VERSION');

    const nowhere = createPublicClient({ baseUrl: 'http://127.0.0.1:9' });
    expect((await failure(nowhere.getLive('x'))).code).toBe('NETWORK_ERROR');
  });

  it('suggests addresses', async () => {
    const client = createPublicClient({ baseUrl: server.url });
    const [first] = await client.geocode({ q: 'Springfield, IL', country: 'US', limit: 3 });
    expect(first).toMatchObject({ city: 'Springfield', state: 'IL', country: 'US' });
    expect(await client.geocode({ q: 'x' })).toEqual([]);
  });
});
