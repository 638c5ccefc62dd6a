import { execFile } from 'node:child_process';
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

const run = promisify(execFile);
const PACKAGE_DIR = fileURLToPath(new URL('../../', import.meta.url));
const require = createRequire(import.meta.url);

let workDir: string;
let tarball: string;

/**
 * The published artefact, checked the way a consumer meets it: `pnpm pack` (of the build that
 * turbo or the global setup made; scripts off so a concurrent reader of dist/ never sees it
 * half-written), then publint, arethetypeswrong and a strict TypeScript project outside the
 * workspace that installs the tarball. Nothing here needs the network.
 */
beforeAll(async () => {
  workDir = await mkdtemp(join(tmpdir(), 'fe-embed-pack-'));
  const { stdout } = await run(
    'pnpm',
    ['pack', '--config.ignore-scripts=true', '--pack-destination', workDir, '--json'],
    {
      cwd: PACKAGE_DIR,
    },
  );
  tarball = JSON.parse(stdout).filename;
}, 60_000);

afterAll(async () => {
  await rm(workDir, { recursive: true, force: true });
});

describe('the packed tarball', () => {
  it('holds the build, the readme and the licence, and no sources', async () => {
    const { stdout } = await run('tar', ['-tzf', tarball]);
    const files = stdout.trim().split('\n').sort();
    for (const expected of [
      'package/dist/index.js',
      'package/dist/index.d.ts',
      'package/dist/client.js',
      'package/dist/client.d.ts',
      'package/dist/element.js',
      'package/dist/element.d.ts',
      'package/dist/embed.global.js',
      'package/dist/script/embed-module.js',
      'package/types/embed.d.ts',
      'package/README.md',
      'package/LICENSE',
      'package/package.json',
    ]) {
      expect(files).toContain(expected);
    }
    expect(files.filter((file) => file.includes('/src/') || (file.endsWith('.ts') && !file.endsWith('.d.ts')))).toEqual(
      [],
    );
  });

  it('publint finds nothing to fix', async () => {
    const { publint } = await import('publint');
    const { formatMessage } = await import('publint/utils');
    const buffer = await readFile(tarball);
    const pkg = JSON.parse(await readFile(join(PACKAGE_DIR, 'package.json'), 'utf8'));
    const { messages } = await publint({
      pack: { tarball: buffer.buffer.slice(buffer.byteOffset, buffer.byteOffset + buffer.byteLength) as ArrayBuffer },
      level: 'suggestion',
      strict: true,
    });
    expect(messages.map((message) => formatMessage(message, pkg))).toEqual([]);
  });

  it('arethetypeswrong accepts every entry point, the script-tag bundle too (ESM only: node10 and require() are out of scope)', async () => {
    const attw = join(require.resolve('@arethetypeswrong/cli/package.json'), '../dist/index.js');
    const args = [attw, tarball, '--profile', 'esm-only', '--format', 'json'];
    const result = await run(process.execPath, args, { cwd: workDir }).catch((error: { stdout: string }) => ({
      stdout: error.stdout,
    }));
    const report = JSON.parse(result.stdout);
    const ignored = new Set(['node10', 'node16-cjs']);
    const problems = (report.analysis.problems ?? []).filter(
      (problem: { resolutionKind?: string }) => !ignored.has(problem.resolutionKind ?? ''),
    );
    expect(problems).toEqual([]);
    expect(Object.keys(report.analysis.entrypoints).sort()).toEqual([
      '.',
      './client',
      './element',
      './embed.js',
      './labels',
      './package.json',
    ]);
  }, 60_000);

  it('a strict TypeScript project outside the workspace installs it and type-checks a mount call', async () => {
    const project = join(workDir, 'consumer');
    await mkdir(project);
    await writeFile(join(project, 'package.json'), JSON.stringify({ name: 'consumer', private: true, type: 'module' }));
    // A tarball without dependencies installs without the registry.
    await run('npm', ['install', '--no-audit', '--no-fund', '--ignore-scripts', '--offline', tarball], {
      cwd: project,
    });
    await writeFile(
      join(project, 'tsconfig.json'),
      JSON.stringify({
        compilerOptions: {
          strict: true,
          noUncheckedIndexedAccess: true,
          exactOptionalPropertyTypes: true,
          module: 'nodenext',
          moduleResolution: 'nodenext',
          target: 'es2022',
          lib: ['es2022', 'dom'],
          types: [],
          noEmit: true,
          skipLibCheck: false,
        },
        files: ['main.ts'],
      }),
    );
    await writeFile(
      join(project, 'main.ts'),
      `import { mount, type EmbedHandle, type MountOptions, type Problem } from '@forms-engine/embed-client';
import { createPublicClient, FormsEngineError, type LiveQuestionnaire } from '@forms-engine/embed-client/client';
import { defineFormsEngineElement } from '@forms-engine/embed-client/element';

const options: MountOptions = {
  baseUrl: 'https://forms.example.org',
  publicId: 'AbCdEfGhIjKl',
  externalRef: 'order-1234',
  labels: { next: 'Continue', errors: { REQUIRED: 'Please answer' } },
  theme: { '--fe-accent': '#0a7d4f' },
  onReady: ({ versionNumber }) => console.log(versionNumber.toFixed(0)),
  onStepChange: ({ stepId, index }) => console.log(stepId ?? 'single screen', index + 1),
  onComplete: ({ responseId }) => console.log(responseId.toUpperCase()),
  onError: (problem: Problem) => console.log(problem.code, problem.status),
};
const handle: EmbedHandle = mount(document.createElement('div'), options);
handle.reset();
handle.destroy();
// @ts-expect-error publicId is required
mount('#questionnaire', { baseUrl: 'https://forms.example.org' });

const client = createPublicClient({ baseUrl: 'https://forms.example.org' });
client.getLive('AbCdEfGhIjKl').then((live: LiveQuestionnaire) => {
  const first = live.definition.steps[0];
  console.log(first?.title, live.versionNumber);
}, (error: unknown) => {
  if (error instanceof FormsEngineError) console.log(error.problem.code);
});
defineFormsEngineElement();

// The script-tag bundle, imported for its effect: window.FormsEngine, typed.
import '@forms-engine/embed-client/embed.js';
const global = window.FormsEngine;
if (global) {
  const handle2: EmbedHandle = global.mount('#questionnaire', { baseUrl: 'https://forms.example.org', publicId: 'AbCdEfGhIjKl' });
  handle2.destroy();
  console.log(global.elementName.toUpperCase());
  global.defineElement();
}
`,
    );
    const tsc = require.resolve('typescript/bin/tsc');
    const checked = await run(process.execPath, [tsc, '-p', project], { cwd: project }).catch(
      (error: { stdout: string }) => ({ stdout: error.stdout || 'tsc failed' }),
    );
    expect(checked.stdout).toBe('');
  }, 60_000);
});
