import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

/**
 * What each screen of the built editor makes the browser download, read from Vite's manifest
 * (`dist/.vite/manifest.json`): the entry with its static imports, plus the screen's own lazy
 * chunks with theirs. Dynamic imports are not followed: they load only when their screen opens.
 */

export const DIST_DIR = fileURLToPath(new URL('../dist/', import.meta.url));

/** KB = 1,024 bytes of JavaScript, gzipped (level 9), that a screen loads before it shows. */
export const BUDGET_KB = { list: 150, summary: 150 } as const;

/** Each screen's lazy route modules (the keys of the manifest), as `src/routes.tsx` loads them. */
export const SCREENS = {
  list: ['src/features/questionnaires/questionnaire-list-page.tsx'],
  draft: ['src/features/questionnaires/questionnaire-layout.tsx', 'src/features/draft/draft-page.tsx'],
  translate: ['src/features/questionnaires/questionnaire-layout.tsx', 'src/features/draft/translate-page.tsx'],
  versions: ['src/features/questionnaires/questionnaire-layout.tsx', 'src/features/versions/versions-page.tsx'],
  settings: ['src/features/questionnaires/questionnaire-layout.tsx', 'src/features/settings/settings-page.tsx'],
  responses: ['src/features/questionnaires/questionnaire-layout.tsx', 'src/features/responses/responses-page.tsx'],
  summary: ['src/features/questionnaires/questionnaire-layout.tsx', 'src/features/summary/summary-page.tsx'],
} as const;
export type ScreenName = keyof typeof SCREENS;

interface ManifestChunk {
  file: string;
  src?: string;
  isEntry?: boolean;
  imports?: string[];
  dynamicImports?: string[];
}
type Manifest = Record<string, ManifestChunk>;

export interface ScreenSize {
  /** The JavaScript files, relative to dist (`assets/index-abc.js`). */
  files: string[];
  minified: number;
  gzip: number;
}

export function readManifest(distDir = DIST_DIR): Manifest {
  const path = join(distDir, '.vite', 'manifest.json');
  if (!existsSync(path))
    throw new Error(`No ${path}: build the editor first (pnpm --filter @forms-engine/editor build)`);
  return JSON.parse(readFileSync(path, 'utf8')) as Manifest;
}

/** The files of `keys` and of everything they import statically, transitively. */
function staticClosure(manifest: Manifest, keys: readonly string[]): string[] {
  const files = new Set<string>();
  const seen = new Set<string>();
  const visit = (key: string) => {
    if (seen.has(key)) return;
    seen.add(key);
    const chunk = manifest[key];
    if (!chunk) throw new Error(`The manifest has no chunk for ${key}: is src/routes.tsx still loading it lazily?`);
    files.add(chunk.file);
    for (const imported of chunk.imports ?? []) visit(imported);
  };
  for (const key of keys) visit(key);
  return [...files];
}

const entryKey = (manifest: Manifest) => {
  const key = Object.keys(manifest).find((name) => manifest[name]?.isEntry);
  if (!key) throw new Error('The manifest has no entry chunk');
  return key;
};

/** The JavaScript `screen` needs before it shows, with its size minified and gzipped. */
export function measureScreen(screen: ScreenName, distDir = DIST_DIR, manifest = readManifest(distDir)): ScreenSize {
  const files = staticClosure(manifest, [entryKey(manifest), ...SCREENS[screen]]).filter((file) =>
    file.endsWith('.js'),
  );
  let minified = 0;
  let gzip = 0;
  for (const file of files) {
    const code = readFileSync(join(distDir, file));
    minified += code.length;
    gzip += gzipSync(code, { level: 9 }).length;
  }
  return { files, minified, gzip };
}

/** The source modules bundled into `files`, from their source maps (`node_modules/@dnd-kit/core/…`). */
export function modulesIn(files: readonly string[], distDir = DIST_DIR): string[] {
  return files.flatMap((file) => {
    const map = JSON.parse(readFileSync(join(distDir, `${file}.map`), 'utf8')) as { sources: string[] };
    return map.sources;
  });
}

export const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
