import type { ImportGraph } from './import-graph.ts';

/**
 * The folder order of one source folder, as docs/ARCHITECTURE.md draws it in a fenced block
 * headed `layers <folder>`: one layer a line, highest first; a line names top-level files
 * (`main.ts`) and folders (`features/`) that sit side by side. A module may import its own
 * folder's files and anything on a lower line, never a higher line or a neighbour on its own line.
 * A folder may also be split into its own sub-layers by naming `features/*` (each subfolder is
 * then a unit of its own; siblings may not import each other).
 */
export type Layers = string[][];

const BLOCK = /^```layers[ \t]+(\S+)[ \t]*\n([\s\S]*?)^```/gm;

/** Every `layers` block of a Markdown text, by the folder it is about. */
export function parseLayers(markdown: string): Map<string, Layers> {
  const blocks = new Map<string, Layers>();
  for (const [, root = '', body = ''] of markdown.matchAll(BLOCK)) {
    const layers = body
      .split('\n')
      .map((line) => line.replace(/#.*$/, '').trim())
      .filter(Boolean)
      .map((line) => line.split(/\s+/));
    blocks.set(root, layers);
  }
  return blocks;
}

/** The unit a file belongs to: a top-level file, a folder, or a subfolder of a `folder/*` entry. */
export function unitOf(file: string, layers: Layers): string {
  const parts = file.split('/');
  if (parts.length === 1) return file;
  const folder = `${parts[0]}/`;
  const split = layers.some((layer) => layer.includes(`${folder}*`));
  return split && parts.length > 2 ? `${folder}${parts[1]}/` : folder;
}

function rankOf(unit: string, layers: Layers): number | undefined {
  for (const [index, layer] of layers.entries()) {
    if (layer.includes(unit)) return index;
    const folder = `${unit.split('/')[0]}/`;
    if (unit !== folder && layer.includes(`${folder}*`)) return index;
  }
  return undefined;
}

/** Sentences for every import against the order, and for every file in no layer. */
export function layerViolations(graph: ImportGraph, layers: Layers): string[] {
  const problems: string[] = [];
  const unplaced = new Set<string>();
  for (const file of graph.files) {
    const unit = unitOf(file, layers);
    if (rankOf(unit, layers) === undefined) unplaced.add(unit);
  }
  for (const unit of unplaced) problems.push(`${unit} is in no layer: add it to the layers block`);
  for (const { from, to } of graph.imports) {
    const source = unitOf(from, layers);
    const target = unitOf(to, layers);
    if (source === target) continue;
    const sourceRank = rankOf(source, layers);
    const targetRank = rankOf(target, layers);
    if (sourceRank === undefined || targetRank === undefined) continue;
    if (targetRank < sourceRank) problems.push(`${from} imports ${to}: ${target} is above ${source}`);
    else if (targetRank === sourceRank) problems.push(`${from} imports ${to}: ${source} and ${target} are neighbours`);
  }
  return problems;
}
