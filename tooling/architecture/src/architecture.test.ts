import { readFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { describe, expect, it } from 'vitest';
import { type ImportGraph, importCycles, importGraph } from './import-graph.ts';
import { layerViolations, parseLayers } from './layers.ts';

const repo = resolve(import.meta.dirname, '../../..');
const SOURCE_FOLDERS = [
  'apps/server/src',
  'apps/editor/src',
  'packages/schema/src',
  'packages/db/src',
  'packages/embed-client/src',
];

/** Tests and their fixtures sit beside the code and may assemble it from any layer. */
const isTestFile = (file: string) => /(^|\/)(test\/|test-[^/]*$)|\.test\.[^/]+$/.test(file);
const withoutTests = (graph: ImportGraph): ImportGraph => ({
  files: graph.files.filter((file) => !isTestFile(file)),
  imports: graph.imports.filter(({ from, to }) => !isTestFile(from) && !isTestFile(to)),
});

describe('imports point one way', async () => {
  const layers = parseLayers(await readFile(join(repo, 'docs/ARCHITECTURE.md'), 'utf8'));

  it.each(SOURCE_FOLDERS)('%s has no import cycle', async (root) => {
    const cycles = importCycles(await importGraph(root, repo));
    expect(cycles.map((cycle) => cycle.join(' -> '))).toEqual([]);
  });

  it.each(SOURCE_FOLDERS)('%s imports only downwards in the order docs/ARCHITECTURE.md draws', async (root) => {
    const order = layers.get(root);
    expect(order, `docs/ARCHITECTURE.md has no \`layers ${root}\` block`).toBeDefined();
    expect(layerViolations(withoutTests(await importGraph(root, repo)), order ?? [])).toEqual([]);
  });

  it('no package depends on an app', async () => {
    for (const folder of SOURCE_FOLDERS.filter((root) => root.startsWith('packages/'))) {
      const manifest = JSON.parse(await readFile(join(repo, folder, '../package.json'), 'utf8'));
      const names = Object.keys({
        ...manifest.dependencies,
        ...manifest.devDependencies,
        ...manifest.peerDependencies,
      });
      expect(names.filter((name) => /^@forms-engine\/(server|editor)$/.test(name))).toEqual([]);
    }
  });
});
