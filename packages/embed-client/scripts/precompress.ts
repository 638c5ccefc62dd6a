import { readFile, writeFile } from 'node:fs/promises';

/** The name of a file's gzip copy, beside it: what the server sends to a client that takes gzip. */
export const gzipCopyOf = (path: string) => `${path}.gz`;

/**
 * Writes each built file's gzip copy, made with zopfli: gzip's own format, which every client reads,
 * about 3% smaller than zlib's best level (issue 25's budget is all the script tag's JavaScript in 40 KB
 * gzip), for a hundred times zlib's time, which a build can spend once and a request could not. The
 * server sends it as it is (`apps/server/src/http/embed-script-route.ts`); Brotli it still makes itself.
 */
export async function writeGzipCopies(paths: readonly string[]): Promise<void> {
  // Loaded here, not at the top: on load it hooks the process's unhandled rejections, which only
  // the build, a process of its own, can afford (the size tests import `gzipCopyOf`).
  const { gzipAsync } = await import('@gfx/zopfli');
  await Promise.all(
    paths.map(async (path) =>
      writeFile(gzipCopyOf(path), await gzipAsync(await readFile(path), { numiterations: 15 })),
    ),
  );
}
