import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const DIST = fileURLToPath(new URL('../dist/', import.meta.url));

/**
 * Where the build keeps the gzip copy of `dist/<name>`: `dist/gzip/<name>.gz`, outside the folder whose
 * files the server serves by name. The server reads it from there (`apps/server/src/http/embed-script-route.ts`).
 */
export const gzipCopyOf = (name: string) => join(DIST, 'gzip', `${name}.gz`);

/**
 * Writes the gzip copies of these files of `dist/`, made with zopfli: gzip's own format, which every
 * client reads, about 3% smaller than zlib's best level (issue 25's budget is all the script tag's
 * JavaScript in 40 KB gzip), for a hundred times zlib's time, which a build can spend once and a
 * request could not. The server sends them as they are; Brotli it still makes itself.
 */
export async function writeGzipCopies(names: readonly string[]): Promise<void> {
  // Loaded here, not at the top: on load it hooks the process's unhandled rejections, which only
  // the build, a process of its own, can afford (the size tests import `gzipCopyOf`).
  const { gzipAsync } = await import('@gfx/zopfli');
  await Promise.all(
    names.map(async (name) => {
      const copy = await gzipAsync(await readFile(join(DIST, name)), { numiterations: 15 });
      await mkdir(dirname(gzipCopyOf(name)), { recursive: true });
      await writeFile(gzipCopyOf(name), copy);
    }),
  );
}
