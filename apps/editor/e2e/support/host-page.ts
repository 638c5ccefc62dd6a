import { createServer, type Server } from 'node:http';

export interface HostSite {
  origin: string;
  close(): Promise<void>;
}

/**
 * A third-party site on another port whose page embeds a questionnaire with the script tag; `lang`
 * is the page's language (`<html lang>`), which the embed follows.
 */
export async function startHostSite(serverUrl: string, publicId: string, lang = 'en'): Promise<HostSite> {
  const page = `<!doctype html><html lang="${lang}"><head><meta charset="utf-8"><title>Host site</title>
<script src="${serverUrl}/embed/v1/embed.js" defer></script></head>
<body><main><h1>Our site</h1>
<forms-engine-questionnaire base-url="${serverUrl}" public-id="${publicId}"></forms-engine-questionnaire>
</main></body></html>`;
  const server: Server = createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(page);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    origin: `http://127.0.0.1:${port}`,
    close: () => new Promise((resolve) => server.close(() => resolve())),
  };
}
