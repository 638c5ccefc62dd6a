import { execFileSync } from 'node:child_process';
import { readdirSync, statSync } from 'node:fs';
import { createRequire } from 'node:module';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));
const OUTPUTS = [
  'index.js',
  'index.d.ts',
  'client.js',
  'client.d.ts',
  'element.js',
  'element.d.ts',
  'embed.global.js',
  'script/embed-module.js',
];
const INPUTS = ['src', '../schema/src/rules', 'tsup.config.ts', 'package.json'];

function newestIn(path: string): number {
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(0, ...readdirSync(path).map((name) => newestIn(join(path, name))));
}

function oldestOutput(): number {
  try {
    return Math.min(...OUTPUTS.map((name) => statSync(join(PACKAGE_DIR, 'dist', name)).mtimeMs));
  } catch {
    return 0; // missing
  }
}

/**
 * The package and e2e tests check the built package. Under turbo `test` depends on `build`, so
 * dist/ is fresh and nothing happens here; run directly (`pnpm test` in this folder) it builds
 * when dist/ is missing or older than its sources.
 */
export default function ensureBuild() {
  const newestInput = Math.max(...INPUTS.map((input) => newestIn(join(PACKAGE_DIR, input))));
  if (oldestOutput() >= newestInput) return;
  const tsup = join(createRequire(import.meta.url).resolve('tsup/package.json'), '..', 'dist', 'cli-default.js');
  execFileSync(process.execPath, [tsup, '--silent'], { cwd: PACKAGE_DIR, stdio: 'inherit' });
}
