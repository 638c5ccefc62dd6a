import { labelsFor } from '@forms-engine/embed-client/labels';
import type { Definition } from '@forms-engine/schema';
import { languagesOf } from '@forms-engine/schema/rules';

/** A response that exists before the embed starts: resuming it opens the embed at `lastPosition`. */
export interface PreviewStart {
  responseId: string;
  lastPosition: { stepId: string | null; tabId?: string };
}

/**
 * The embed's own words in each of the definition's languages that it has them for, as the
 * server's live document carries them (English and languages without a table are absent).
 */
export function labelTables(definition: Definition): Record<string, unknown> {
  const tables: Record<string, unknown> = {};
  for (const language of languagesOf(definition)) {
    const table = labelsFor(language);
    if (table) tables[language] = table;
  }
  return tables;
}

export interface PreviewOptions {
  /** The hidden values of the response the preview starts at (the embed sends its own when it creates one). */
  hidden?: Record<string, string> | undefined;
  /** Told the ending a completion recorded (undefined: none, the built-in "Thank you"). */
  onComplete?: ((endingId: string | undefined) => void) | undefined;
}

/**
 * The public API answered in memory, for the preview: the embed renderer runs unchanged (same
 * rule engine, same session machine) against a `fetch` that serves the draft as the live
 * version and keeps responses in this tab. Nothing reaches the server; no response is created.
 */
export function previewFetch(
  publicId: string,
  getDefinition: () => Definition,
  start?: PreviewStart,
  options: PreviewOptions = {},
): typeof fetch {
  const responses = new Map<
    string,
    {
      answers: unknown;
      lastPosition?: unknown;
      completed: boolean;
      language?: string | undefined;
      hidden: Record<string, string>;
      endingId?: string | undefined;
    }
  >();
  // As the server keeps them: only the keys the definition declares.
  const declared = (given: unknown): Record<string, string> => {
    const keys = new Set((getDefinition().hiddenFields ?? []).map((field) => field.key));
    if (typeof given !== 'object' || given === null) return {};
    return Object.fromEntries(
      Object.entries(given).filter(
        (entry): entry is [string, string] => keys.has(entry[0]) && typeof entry[1] === 'string',
      ),
    );
  };
  if (start)
    responses.set(start.responseId, {
      answers: {},
      lastPosition: start.lastPosition,
      completed: false,
      hidden: declared(options.hidden ?? {}),
    });
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
    const live = () => {
      const definition = getDefinition();
      return {
        publicId,
        name: 'Preview',
        versionNumber: 1,
        definition,
        submissionPolicy: 'MULTIPLE',
        labels: labelTables(definition),
      };
    };
    const body = () => JSON.parse(String(init?.body ?? '{}')) as Record<string, unknown>;
    const languageIn = (value: Record<string, unknown>) =>
      typeof value.language === 'string' ? value.language : undefined;
    if (method === 'GET' && path.endsWith('/live')) return json(200, live());
    if (method === 'GET' && path.endsWith('/ref-status')) return json(200, { status: 'NONE' });
    if (method === 'GET' && path === '/geocode') return json(200, []);
    if (method === 'POST' && path.endsWith('/responses')) {
      const responseId = `preview-${++next}`;
      const request = body();
      responses.set(responseId, {
        answers: {},
        completed: false,
        language: languageIn(request),
        hidden: declared(request.hidden),
      });
      return json(201, { responseId });
    }
    const match = /^\/responses\/([^/]+)(\/.*)?$/.exec(path);
    const response = match ? responses.get(decodeURIComponent(match[1] as string)) : undefined;
    if (!match || !response) return problem(404, 'NOT_FOUND', 'Not in this preview');
    const rest = match[2] ?? '';
    if (method === 'GET' && rest === '') {
      const { definition, submissionPolicy, labels } = live();
      return json(200, {
        status: response.completed ? 'COMPLETED' : 'IN_PROGRESS',
        versionNumber: 1,
        answers: response.answers,
        lastPosition: response.lastPosition,
        definition,
        submissionPolicy,
        labels,
        hidden: response.hidden,
        ...(response.language ? { language: response.language } : {}),
      });
    }
    if (method === 'PATCH' && rest === '') {
      const patch = body() as { answers?: unknown; lastPosition?: unknown };
      response.answers = patch.answers ?? {};
      response.lastPosition = patch.lastPosition;
      response.language = languageIn(patch) ?? response.language;
      return json(200);
    }
    if (method === 'POST' && rest === '/complete') {
      // As the server does: an ending of the definition, else 400; a second completion keeps the first.
      const endingId = body().endingId;
      const endings = getDefinition().endings ?? [];
      if (typeof endingId === 'string' && !endings.some((ending) => ending.id === endingId))
        return problem(400, 'UNKNOWN_ENDING', 'No ending of this questionnaire has that id');
      if (!response.completed) {
        response.completed = true;
        response.endingId = typeof endingId === 'string' ? endingId : undefined;
        options.onComplete?.(response.endingId);
      }
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
