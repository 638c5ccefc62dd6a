import type { Definition } from '@forms-engine/schema';
import { describe, expect, it } from 'vitest';
import { diffDefinitions, isEmptyDiff } from './diff.ts';

const q = (code: string, extra: Record<string, unknown> = {}) => ({
  id: code,
  code,
  type: 'SHORT_TEXT',
  prompt: `Prompt ${code}`,
  sectionTitle: '',
  width: 'FULL',
  visibility: { mode: 'ALWAYS' },
  requirement: { mode: 'NEVER' },
  typeConfig: {},
  ...extra,
});
const step = (id: string, title: string, questions: unknown[]) => ({
  id,
  title,
  visibility: { mode: 'ALWAYS' },
  requirement: { mode: 'NEVER' },
  tabs: [],
  questions,
});
const def = (steps: unknown[]) => ({ schemaVersion: 1, steps, tabs: [], questions: [] }) as unknown as Definition;

describe('diffDefinitions', () => {
  const base = def([step('s1', 'One', [q('a'), q('b'), q('c')]), step('s2', 'Two', [q('d')])]);

  it('finds nothing between equal definitions, whatever the key order', () => {
    const reordered = JSON.parse(JSON.stringify(base, Object.keys(base).reverse()));
    expect(isEmptyDiff(diffDefinitions(base, base))).toBe(true);
    expect(isEmptyDiff(diffDefinitions(base, { ...reordered, ...base }))).toBe(true);
  });

  it('reports added and removed questions by code, without calling the ones after them moved', () => {
    const after = def([step('s1', 'One', [q('a'), q('c'), q('e')]), step('s2', 'Two', [q('d')])]);
    const diff = diffDefinitions(base, after);
    expect(diff.added).toEqual(['e']);
    expect(diff.removed).toEqual(['b']);
    expect(diff.moved).toEqual([]);
  });

  it('names the fields that changed', () => {
    const after = def([
      step('s1', 'One', [
        q('a', { prompt: 'New' }),
        q('b', { type: 'NUMBER' }),
        q('c', { visibility: { mode: 'NEVER' } }),
      ]),
      step('s2', 'Two', [q('d')]),
    ]);
    expect(diffDefinitions(base, after).changed).toEqual([
      { code: 'a', fields: ['prompt'] },
      { code: 'b', fields: ['type'] },
      { code: 'c', fields: ['visibility'] },
    ]);
  });

  it('reports questions moved to another step or reordered', () => {
    const after = def([step('s1', 'One', [q('b'), q('a')]), step('s2', 'Two', [q('d'), q('c')])]);
    const moved = diffDefinitions(base, after)
      .moved.map((move) => move.code)
      .sort();
    expect(moved).toEqual(['a', 'b', 'c']);
    expect(diffDefinitions(base, after).moved.find((move) => move.code === 'c')).toEqual({
      code: 'c',
      from: 'One #3',
      to: 'Two #2',
    });
  });

  it('reports steps added, removed and renamed', () => {
    const after = def([step('s1', 'First', [q('a'), q('b'), q('c')]), step('s3', 'Three', [q('d')])]);
    const diff = diffDefinitions(base, after);
    expect(diff.sectionsRenamed).toEqual([{ id: 's1', from: 'One', to: 'First' }]);
    expect(diff.sectionsAdded).toEqual(['Three']);
    expect(diff.sectionsRemoved).toEqual(['Two']);
  });
});
