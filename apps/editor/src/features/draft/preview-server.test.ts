import type { Definition } from '@forms-engine/schema';
import { describe, expect, it } from 'vitest';
import { twoSteps } from '../../test/definitions.ts';
import { previewFetch } from './preview-server.ts';

const definition = (): Definition => ({
  ...twoSteps(),
  hiddenFields: [{ key: 'utm_source' }],
  endings: [{ id: 'e_yes', title: 'You qualify', body: '', visibility: { mode: 'ALWAYS' } }],
});

const post = (body: unknown) => ({ method: 'POST', body: JSON.stringify(body) });

describe('the preview’s in-memory public API', () => {
  it('keeps the declared hidden values a response starts with and gives them back on resume', async () => {
    const api = previewFetch('p1', definition);
    const created = await api(
      '/public/v1/questionnaires/p1/responses',
      post({ versionNumber: 1, hidden: { utm_source: 'ad', other: 'x' } }),
    );
    const { responseId } = (await created.json()) as { responseId: string };
    const resumed = (await (await api(`/public/v1/responses/${responseId}`)).json()) as { hidden: unknown };
    expect(resumed.hidden).toEqual({ utm_source: 'ad' });
  });

  it('records the ending a completion names, refuses one the draft does not have, and keeps the first', async () => {
    const seen: (string | undefined)[] = [];
    const api = previewFetch('p1', definition, undefined, { onComplete: (id) => seen.push(id) });
    const { responseId } = (await (
      await api('/public/v1/questionnaires/p1/responses', post({ versionNumber: 1 }))
    ).json()) as {
      responseId: string;
    };
    const unknown = await api(`/public/v1/responses/${responseId}/complete`, post({ endingId: 'e_nope' }));
    expect(unknown.status).toBe(400);
    expect(((await unknown.json()) as { code: string }).code).toBe('UNKNOWN_ENDING');
    expect((await api(`/public/v1/responses/${responseId}/complete`, post({ endingId: 'e_yes' }))).status).toBe(200);
    expect((await api(`/public/v1/responses/${responseId}/complete`, { method: 'POST' })).status).toBe(200);
    expect(seen).toEqual(['e_yes']);
  });

  it('gives a resumed start response the preview’s hidden values', async () => {
    const api = previewFetch(
      'p1',
      definition,
      { responseId: 'start', lastPosition: { stepId: 's2' } },
      { hidden: { utm_source: 'mail' } },
    );
    const resumed = (await (await api('/public/v1/responses/start')).json()) as { hidden: unknown };
    expect(resumed.hidden).toEqual({ utm_source: 'mail' });
  });
});
