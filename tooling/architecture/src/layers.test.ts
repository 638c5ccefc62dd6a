import { describe, expect, it } from 'vitest';
import { type ImportGraph, importCycles } from './import-graph.ts';
import { layerViolations, parseLayers } from './layers.ts';

const doc = `
Some words.

\`\`\`layers app/src
main.ts
routes/ http/   # neighbours
services/
lib/
\`\`\`
`;

const graph = (...imports: [string, string][]): ImportGraph => ({
  files: [...new Set(imports.flat())].sort(),
  imports: imports.map(([from, to]) => ({ from, to, typeOnly: false })),
});

describe('the layer check', () => {
  const layers = parseLayers(doc).get('app/src') ?? [];

  it('reads the layers block of a Markdown page, comments left out', () => {
    expect(layers).toEqual([['main.ts'], ['routes/', 'http/'], ['services/'], ['lib/']]);
  });

  it('allows imports downwards and inside a folder', () => {
    const ok = graph(['main.ts', 'routes/a.ts'], ['routes/a.ts', 'routes/b.ts'], ['http/x.ts', 'lib/ids.ts']);
    expect(layerViolations(ok, layers)).toEqual([]);
  });

  it('names an import upwards, one between neighbours, and a folder in no layer', () => {
    const bad = graph(['lib/ids.ts', 'services/s.ts'], ['http/x.ts', 'routes/r.ts'], ['cache/c.ts', 'lib/ids.ts']);
    expect(layerViolations(bad, layers)).toEqual([
      'cache/ is in no layer: add it to the layers block',
      'lib/ids.ts imports services/s.ts: services/ is above lib/',
      'http/x.ts imports routes/r.ts: http/ and routes/ are neighbours',
    ]);
  });
});

describe('the cycle check', () => {
  it('finds a cycle through several files, and none in a tree', () => {
    expect(importCycles(graph(['a.ts', 'b.ts'], ['b.ts', 'c.ts'], ['c.ts', 'a.ts']))).toEqual([
      ['a.ts', 'b.ts', 'c.ts', 'a.ts'],
    ]);
    expect(importCycles(graph(['a.ts', 'b.ts'], ['a.ts', 'c.ts'], ['b.ts', 'c.ts']))).toEqual([]);
  });
});
