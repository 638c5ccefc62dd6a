import { afterEach, describe, expect, it, vi } from 'vitest';
import { FormsEngineError, isTransient } from './problem';
import { createPublicClient } from './public-client';

type Answer = Response | (() => Response | Promise<Response>);

function clientAnswering(answer: Answer) {
  const seen: { url: string; init: RequestInit }[] = [];
  const client = createPublicClient({
    baseUrl: 'https://forms.test/base/',
    fetch: async (input, init = {}) => {
      seen.push({ url: String(input), init });
      return typeof answer === 'function' ? answer() : answer.clone();
    },
  });
  return { client, seen };
}

const rejection = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    return error as FormsEngineError;
  }
  throw new Error('expected a rejection');
};

describe('public client', () => {
  it('builds every operation URL under /public/v1, encoding ids and query values', async () => {
    const { client, seen } = clientAnswering(new Response('{"status":"NONE"}', { status: 200 }));
    await client.getRefStatus('p/1', 'a&b');
    await client.geocode({ q: 'Main St', country: 'US', limit: 3 }).catch(() => undefined);
    expect(seen.map((s) => s.url)).toEqual([
      'https://forms.test/base/public/v1/questionnaires/p%2F1/ref-status?ref=a%26b',
      'https://forms.test/base/public/v1/geocode?q=Main+St&country=US&limit=3',
    ]);
  });

  it.each([
    ['no body', new Response(null, { status: 200 })],
    ['an empty JSON body', new Response('', { status: 200, headers: { 'content-type': 'application/json' } })],
  ])('PATCH and complete accept 200 with %s', async (_label, response) => {
    const { client, seen } = clientAnswering(response);
    await expect(client.patchResponse('r1', { answers: { a: 1 } })).resolves.toBeUndefined();
    await expect(client.completeResponse('r1')).resolves.toBeUndefined();
    expect(seen[0]?.init).toMatchObject({ method: 'PATCH', headers: { 'Content-Type': 'application/json' } });
    expect(seen[0]?.init.body).toBe('{"answers":{"a":1}}');
    expect(seen[1]?.init).toMatchObject({ method: 'POST' });
    expect(seen[1]?.init.headers).toBeUndefined();
    expect(seen[1]?.init.body).toBeUndefined();
  });

  it('sends the ending chosen as the completion body, and hidden values with the creation', async () => {
    const { client, seen } = clientAnswering(new Response('{"responseId":"r1"}', { status: 201 }));
    await client.createResponse('p1', { versionNumber: 1, hidden: { utm_source: 'newsletter' } });
    await client.completeResponse('r1', { endingId: 'e_qualified' });
    expect(seen[0]?.init.body).toBe('{"versionNumber":1,"hidden":{"utm_source":"newsletter"}}');
    expect(seen[1]?.url).toBe('https://forms.test/base/public/v1/responses/r1/complete');
    expect(seen[1]?.init).toMatchObject({ method: 'POST', headers: { 'Content-Type': 'application/json' } });
    expect(seen[1]?.init.body).toBe('{"endingId":"e_qualified"}');
  });

  it('names UNKNOWN_ENDING among the codes a completion may answer', async () => {
    const problem = {
      type: 'about:blank',
      title: 'Bad',
      status: 400,
      code: 'UNKNOWN_ENDING',
      detail: 'No such ending',
    };
    const { client } = clientAnswering(new Response(JSON.stringify(problem), { status: 400 }));
    const error = await rejection(client.completeResponse('r1', { endingId: 'nope' }));
    expect(error.problem.code).toBe('UNKNOWN_ENDING');
  });

  it('turns a problem body into a FormsEngineError carrying it', async () => {
    const problem = { type: 'about:blank', title: 'Conflict', status: 409, code: 'ALREADY_SUBMITTED', detail: 'Done' };
    const { client } = clientAnswering(
      new Response(JSON.stringify(problem), { status: 409, headers: { 'content-type': 'application/problem+json' } }),
    );
    const error = await rejection(client.completeResponse('r1'));
    expect(error).toBeInstanceOf(FormsEngineError);
    expect(error.problem).toEqual(problem);
    expect([error.status, error.code, error.message]).toEqual([409, 'ALREADY_SUBMITTED', 'ALREADY_SUBMITTED: Done']);
    expect(isTransient(error.problem)).toBe(false);
  });

  it('names failures without a problem body: network, abort, foreign error pages and wrong bodies', async () => {
    const offline = clientAnswering(() => {
      throw new TypeError('Failed to fetch');
    });
    const network = await rejection(offline.client.getLive('p'));
    expect([network.code, network.status, isTransient(network.problem)]).toEqual(['NETWORK_ERROR', 0, true]);

    const controller = new AbortController();
    controller.abort();
    const aborted = await rejection(offline.client.getLive('p', { signal: controller.signal }));
    expect(aborted.code).toBe('ABORTED');

    const gateway = await rejection(
      clientAnswering(new Response('<html>Bad gateway</html>', { status: 502 })).client.getLive('p'),
    );
    expect([gateway.code, gateway.status, isTransient(gateway.problem)]).toEqual(['UNEXPECTED_RESPONSE', 502, true]);

    const missing = await rejection(clientAnswering(new Response('nope', { status: 404 })).client.getResponse('r'));
    expect(missing.code).toBe('NOT_FOUND');

    const wrong = await rejection(clientAnswering(new Response('[1]', { status: 200 })).client.getLive('p'));
    expect(wrong.code).toBe('UNEXPECTED_RESPONSE');
  });

  it('reads Retry-After (seconds or an HTTP date) into the error, so a retry waits as the server asks', async () => {
    const busy = (value: string) =>
      new Response('{"type":"about:blank","title":"Busy","status":503,"code":"INTERNAL_ERROR","detail":"x"}', {
        status: 503,
        headers: { 'retry-after': value },
      });
    const seconds = await rejection(clientAnswering(busy('7')).client.patchResponse('r', { answers: {} }));
    expect([seconds.status, seconds.retryAfterMs]).toEqual([503, 7000]);
    const date = new Date(Date.now() + 60_000).toUTCString();
    const dated = await rejection(clientAnswering(busy(date)).client.completeResponse('r'));
    expect(dated.retryAfterMs).toBeGreaterThan(55_000);
    expect(dated.retryAfterMs).toBeLessThanOrEqual(60_000);
    const nonsense = await rejection(clientAnswering(busy('soon')).client.completeResponse('r'));
    expect(nonsense.retryAfterMs).toBeUndefined();
    const past = await rejection(clientAnswering(busy('Thu, 01 Jan 1970 00:00:00 GMT')).client.completeResponse('r'));
    expect(past.retryAfterMs).toBe(0);
  });

  it('sends a save with keepalive when asked (so it survives the page unloading), unless the body is too large for it', async () => {
    const { client, seen } = clientAnswering(new Response(null, { status: 200 }));
    await client.patchResponse('r1', { answers: { a: 1 } }, { keepalive: true });
    await client.patchResponse('r1', { answers: { a: 'x'.repeat(70_000) } }, { keepalive: true });
    await client.patchResponse('r1', { answers: { a: 1 } });
    expect(seen.map((s) => s.init.keepalive ?? false)).toEqual([true, false, false]);
  });

  it('uploads one multipart part named file, with the question code in the query', async () => {
    const reference = { fileId: 'f1', fileName: 'a.txt', size: 2, contentType: 'text/plain' };
    const { client, seen } = clientAnswering(new Response(JSON.stringify(reference), { status: 201 }));
    const result = await client.uploadFile('r1', 'docs', new Blob(['hi'], { type: 'text/plain' }), {
      fileName: 'a.txt',
    });
    expect(result).toEqual(reference);
    expect(seen[0]?.url).toBe('https://forms.test/base/public/v1/responses/r1/files?questionCode=docs');
    const part = (seen[0]!.init.body as FormData).get('file') as File;
    expect([part.name, part.size]).toEqual(['a.txt', 2]);
  });

  describe('uploads with progress through XMLHttpRequest (loaded when first asked for)', () => {
    class FakeXhr extends EventTarget {
      static made: FakeXhr[] = [];
      upload = new EventTarget();
      status = 0;
      statusText = '';
      responseText = '';
      opened: string[] = [];
      sent: unknown;
      constructor() {
        super();
        FakeXhr.made.push(this);
      }
      open(method: string, url: string) {
        this.opened = [method, url];
      }
      send(body: unknown) {
        this.sent = body;
      }
      abort() {
        this.dispatchEvent(new Event('loadend'));
      }
      answer(status: number, text: string) {
        this.status = status;
        this.responseText = text;
        this.dispatchEvent(new Event('loadend'));
      }
    }
    const progress = (loaded: number, total: number) =>
      Object.assign(new Event('progress'), { lengthComputable: true, loaded, total });
    /** The `n`th request made (from 1), once it is sent. */
    const sent = async (n: number) => {
      await vi.waitFor(() => expect(FakeXhr.made[n - 1]?.sent).toBeDefined());
      return FakeXhr.made[n - 1]!;
    };
    afterEach(() => {
      vi.unstubAllGlobals();
      FakeXhr.made = [];
    });

    it('reports progress and resolves with the file reference', async () => {
      vi.stubGlobal('XMLHttpRequest', FakeXhr);
      const fractions: number[] = [];
      const client = createPublicClient({ baseUrl: 'https://forms.test' });
      const upload = client.uploadFile('r/1', 'documents', new Blob(['hello']), {
        fileName: 'a.txt',
        onProgress: (fraction) => fractions.push(fraction),
      });
      const xhr = await sent(1);
      expect(xhr.opened).toEqual(['POST', 'https://forms.test/public/v1/responses/r%2F1/files?questionCode=documents']);
      expect((xhr.sent as FormData).get('file')).toBeInstanceOf(Blob);
      xhr.upload.dispatchEvent(progress(1, 4));
      xhr.answer(201, '{"fileId":"f1","fileName":"a.txt","contentType":"text/plain","size":5}');
      expect(await upload).toEqual({ fileId: 'f1', fileName: 'a.txt', contentType: 'text/plain', size: 5 });
      expect(fractions).toEqual([0.25, 1]);
    });

    it('rejects with the problem, a network error, or ABORTED, also when aborted while it loads', async () => {
      vi.stubGlobal('XMLHttpRequest', FakeXhr);
      const client = createPublicClient({ baseUrl: 'https://forms.test' });
      const onProgress = () => undefined;
      const refused = client.uploadFile('r1', 'documents', new Blob(['x']), { onProgress });
      (await sent(1)).answer(413, '{"type":"about:blank","title":"Too large","status":413,"code":"FILE_TOO_LARGE"}');
      expect((await rejection(refused)).problem.code).toBe('FILE_TOO_LARGE');
      const cut = client.uploadFile('r1', 'documents', new Blob(['x']), { onProgress });
      (await sent(2)).answer(0, '');
      expect((await rejection(cut)).problem.code).toBe('NETWORK_ERROR');
      const controller = new AbortController();
      const aborted = client.uploadFile('r1', 'documents', new Blob(['x']), { onProgress, signal: controller.signal });
      controller.abort();
      expect((await rejection(aborted)).problem.code).toBe('ABORTED');
    });
  });
});
