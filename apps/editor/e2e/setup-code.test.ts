import { describe, expect, it } from 'vitest';
import { setupCodeFrom } from './support/setup-code.ts';

/** Lines as apps/server/src/main.ts prints them in accounts mode before the first owner (pino JSON). */
const started = [
  '{"level":30,"time":"2026-11-27T10:00:00.000Z","service":"forms-engine","port":41234,"msg":"Forms Engine listening on 127.0.0.1:41234"}',
  '{"level":30,"time":"2026-11-27T10:00:00.001Z","service":"forms-engine","url":"http://127.0.0.1:41234/","msg":"Editor at http://127.0.0.1:41234/"}',
  '{"level":40,"time":"2026-11-27T10:00:00.002Z","service":"forms-engine","msg":"No account yet: open the editor and enter the setup code K7QP-2MXR-9TWH-4BNV to create the first owner"}',
];

describe('the setup code in the server’s output', () => {
  it('is read from the line the server writes, among the others and lines that are no JSON', () => {
    expect(setupCodeFrom(['(node) a warning on stderr-like text', ...started])).toBe('K7QP-2MXR-9TWH-4BNV');
  });

  it('is not guessed from other lines that mention a setup code', () => {
    const others = [
      '{"level":50,"msg":"The setup code is not right; copy it from the line of the server log that says \\"setup code\\""}',
      'setup code ABCD-EFGH-JKMN-PQRS',
    ];
    expect(() => setupCodeFrom([...started.slice(0, 2), ...others])).toThrow(
      /No setup code in the server's 4 lines of output: looked for a JSON line whose msg is "No account yet/,
    );
  });
});
