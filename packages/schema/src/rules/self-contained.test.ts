import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

describe('the rule engine', () => {
  it('imports nothing outside src/rules (no zod, no runtime dependencies), so the embed can bundle it', () => {
    const dir = new URL('.', import.meta.url);
    const sources = readdirSync(dir).filter((name) => name.endsWith('.ts') && !name.endsWith('.test.ts'));
    const outside = sources.flatMap((name) =>
      [...readFileSync(new URL(name, dir), 'utf8').matchAll(/^(?:import|export)[^;]*?from '([^']+)'/gm)]
        .map((match) => match[1] ?? '')
        .filter((specifier) => !specifier.startsWith('./'))
        .map((specifier) => `${name}: ${specifier}`),
    );
    expect(sources.length).toBeGreaterThan(5);
    expect(outside).toEqual([]);
  });
});
