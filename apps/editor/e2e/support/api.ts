/** The management REST API, called from the test process to set things up or check them. */
export function apiOf(baseUrl: string, token?: string) {
  async function call<T>(method: string, path: string, body?: unknown): Promise<{ status: number; body: T }> {
    const headers: Record<string, string> = {};
    if (body !== undefined) headers['content-type'] = 'application/json';
    if (token) headers.authorization = `Bearer ${token}`;
    const response = await fetch(`${baseUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  }
  async function ok<T>(method: string, path: string, body?: unknown): Promise<T> {
    const result = await call<T>(method, path, body);
    if (result.status >= 300) throw new Error(`${method} ${path}: ${result.status} ${JSON.stringify(result.body)}`);
    return result.body;
  }
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
