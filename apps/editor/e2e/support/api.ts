import { restCalls } from '@forms-engine/browser-testing';

/** The management REST API, called from the test process to set things up or check them. */
export function apiOf(baseUrl: string, token?: string) {
  const { call, ok } = restCalls(baseUrl, token);
  type Detail = { id: string; publicId: string; name: string; currentVersion: number };
  return {
    call,
    ok,
    /** A questionnaire with `definition` as its draft, published once unless told otherwise. */
    async questionnaire(name: string, definition: unknown, { publish = true } = {}): Promise<Detail> {
      const created = await ok<Detail>('POST', '/api/v1/questionnaires', { name });
      await ok('PUT', `/api/v1/questionnaires/${created.id}/draft`, definition);
      return publish ? ok<Detail>('POST', `/api/v1/questionnaires/${created.id}/publish`) : created;
    },
    /** A completed response through the public API (what the embed does), with `answers`. */
    async respond(publicId: string, versionNumber: number, answers: Record<string, unknown>, externalRef?: string) {
      const { responseId } = await ok<{ responseId: string }>(
        'POST',
        `/public/v1/questionnaires/${publicId}/responses`,
        {
          versionNumber,
          ...(externalRef ? { externalRef } : {}),
        },
      );
      await ok('PATCH', `/public/v1/responses/${responseId}`, { answers });
      await ok('POST', `/public/v1/responses/${responseId}/complete`);
      return responseId;
    },
    async responses(id: string) {
      return (
        await ok<{ items: { responseId: string; status: string }[] }>('GET', `/api/v1/questionnaires/${id}/responses`)
      ).items;
    },
  };
}
export type Api = ReturnType<typeof apiOf>;
