import type { Definition } from '@forms-engine/schema';
import { describe, expect, it } from 'vitest';
import { question } from '../draft/test-definitions.ts';
import { diffDefinitions, isEmptyDiff } from './diff.ts';

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
  const base = def([
    step('s1', 'One', [question('a'), question('b'), question('c')]),
    step('s2', 'Two', [question('d')]),
  ]);

  it('finds nothing between equal definitions, whatever the key order', () => {
    const reordered = JSON.parse(JSON.stringify(base, Object.keys(base).reverse()));
    expect(isEmptyDiff(diffDefinitions(base, base))).toBe(true);
    expect(isEmptyDiff(diffDefinitions(base, { ...reordered, ...base }))).toBe(true);
  });

  it('reports added and removed questions by code, without calling the ones after them moved', () => {
    const after = def([
      step('s1', 'One', [question('a'), question('c'), question('e')]),
      step('s2', 'Two', [question('d')]),
    ]);
    const diff = diffDefinitions(base, after);
    expect(diff.added).toEqual(['e']);
    expect(diff.removed).toEqual(['b']);
    expect(diff.moved).toEqual([]);
  });

  it('names the fields that changed', () => {
    const after = def([
      step('s1', 'One', [
        question('a', { prompt: 'New' }),
        question('b', { type: 'NUMBER' }),
        question('c', { visibility: { mode: 'NEVER' } }),
      ]),
      step('s2', 'Two', [question('d')]),
    ]);
    expect(diffDefinitions(base, after).changed).toEqual([
      { code: 'a', fields: ['prompt'] },
      { code: 'b', fields: ['type'] },
      { code: 'c', fields: ['visibility'] },
    ]);
  });

  it('reports questions moved to another step or reordered', () => {
    const after = def([
      step('s1', 'One', [question('b'), question('a')]),
      step('s2', 'Two', [question('d'), question('c')]),
    ]);
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
    const after = def([
      step('s1', 'First', [question('a'), question('b'), question('c')]),
      step('s3', 'Three', [question('d')]),
    ]);
    const diff = diffDefinitions(base, after);
    expect(diff.sectionsRenamed).toEqual([{ id: 's1', from: 'One', to: 'First' }]);
    expect(diff.sectionsAdded).toEqual(['Three']);
    expect(diff.sectionsRemoved).toEqual(['Two']);
  });
});
