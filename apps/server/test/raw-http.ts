import { request } from 'node:http';

export interface RawAnswer {
  status: number;
  headers: Headers;
  text: string;
  body: any;
}

/**
 * One HTTP request with the target sent exactly as given. `fetch` resolves `..`, `%2e` and `\`
 * before sending (WHATWG URL), which is what an attacker's client does not do.
 */
export function rawRequest(
  baseUrl: string,
  method: string,
  target: string,
  options: { headers?: Record<string, string>; body?: string | Buffer } = {},
): Promise<RawAnswer> {
  const { hostname, port } = new URL(baseUrl);
  const headers = { ...options.headers };
  // Node sends a GET or DELETE body without framing unless told its length.
  if (options.body !== undefined) headers['content-length'] ??= String(Buffer.byteLength(options.body));
  return new Promise((resolve, reject) => {
    const req = request({ host: hostname, port, method, path: target, headers }, (res) => {
      const chunks: Buffer[] = [];
      res.on('data', (chunk: Buffer) => chunks.push(chunk));
      res.on('error', reject);
      res.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const headers = new Headers();
        for (const [name, value] of Object.entries(res.headers)) {
          if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : value);
        }
        let body: unknown = text;
        try {
          body = text ? JSON.parse(text) : undefined;
        } catch {}
        resolve({ status: res.statusCode ?? 0, headers, text, body });
      });
    });
    req.on('error', reject);
    req.end(options.body);
  });
}
