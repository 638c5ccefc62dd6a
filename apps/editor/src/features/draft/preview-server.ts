import type { Definition } from '@forms-engine/schema';

/** A response that exists before the embed starts: resuming it opens the embed at `lastPosition`. */
export interface PreviewStart {
  responseId: string;
  lastPosition: { stepId: string | null; tabId?: string };
}

/**
 * The public API answered in memory, for the preview: the embed renderer runs unchanged (same
 * rule engine, same session machine) against a `fetch` that serves the draft as the live
 * version and keeps responses in this tab. Nothing reaches the server; no response is created.
 */
export function previewFetch(publicId: string, getDefinition: () => Definition, start?: PreviewStart): typeof fetch {
  const responses = new Map<string, { answers: unknown; lastPosition?: unknown; completed: boolean }>();
  if (start) responses.set(start.responseId, { answers: {}, lastPosition: start.lastPosition, completed: false });
  let next = 0;
  const json = (status: number, body?: unknown) =>
    new Response(body === undefined ? null : JSON.stringify(body), {
      status,
      headers:
        body === undefined ? {} : { 'content-type': status >= 400 ? 'application/problem+json' : 'application/json' },
    });
  const problem = (status: number, code: string, detail: string) =>
    json(status, { type: 'about:blank', title: 'Preview', status, code, detail });

  return async (input, init) => {
    const url = new URL(
      typeof input === 'string' ? input : input instanceof URL ? input.href : input.url,
      'http://preview',
    );
    const method = (init?.method ?? 'GET').toUpperCase();
    const path = url.pathname.replace(/^\/public\/v1/, '');
    const live = () => ({
      publicId,
      name: 'Preview',
      versionNumber: 1,
      definition: getDefinition(),
      submissionPolicy: 'MULTIPLE',
    });
    if (method === 'GET' && path.endsWith('/live')) return json(200, live());
    if (method === 'GET' && path.endsWith('/ref-status')) return json(200, { status: 'NONE' });
    if (method === 'GET' && path === '/geocode') return json(200, []);
    if (method === 'POST' && path.endsWith('/responses')) {
      const responseId = `preview-${++next}`;
      responses.set(responseId, { answers: {}, completed: false });
      return json(201, { responseId });
    }
    const match = /^\/responses\/([^/]+)(\/.*)?$/.exec(path);
    const response = match ? responses.get(decodeURIComponent(match[1] as string)) : undefined;
    if (!match || !response) return problem(404, 'NOT_FOUND', 'Not in this preview');
    const rest = match[2] ?? '';
    if (method === 'GET' && rest === '') {
      const { definition, submissionPolicy } = live();
      return json(200, {
        status: response.completed ? 'COMPLETED' : 'IN_PROGRESS',
        versionNumber: 1,
        answers: response.answers,
        lastPosition: response.lastPosition,
        definition,
        submissionPolicy,
      });
    }
    if (method === 'PATCH' && rest === '') {
      const body = JSON.parse(String(init?.body ?? '{}')) as { answers?: unknown; lastPosition?: unknown };
      response.answers = body.answers ?? {};
      response.lastPosition = body.lastPosition;
      return json(200);
    }
    if (method === 'POST' && rest === '/complete') {
      response.completed = true;
      return json(200);
    }
    if (method === 'POST' && rest === '/files') {
      const file = init?.body instanceof FormData ? init.body.get('file') : null;
      const name = file instanceof File ? file.name : 'file';
      return json(201, {
        fileId: `preview-file-${++next}`,
        fileName: name,
        size: file instanceof File ? file.size : 0,
        contentType: file instanceof File ? file.type || 'application/octet-stream' : 'application/octet-stream',
      });
    }
    if (method === 'DELETE' && rest.startsWith('/files/')) return json(204);
    return problem(404, 'NOT_FOUND', 'Not in this preview');
  };
}
