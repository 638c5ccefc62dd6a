/**
 * JSON calls to the server's REST APIs from the test process (no Origin header, so the origin
 * policy does not apply), with the management token when one is given.
 */
export function restCalls(baseUrl: string, token?: string) {
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
  /** `call`, but any status from 300 up throws with the problem body. */
  async function ok<T>(method: string, path: string, body?: unknown): Promise<T> {
    const result = await call<T>(method, path, body);
    if (result.status >= 300) throw new Error(`${method} ${path}: ${result.status} ${JSON.stringify(result.body)}`);
    return result.body;
  }
  return { call, ok };
}
