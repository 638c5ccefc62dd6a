/**
 * The setup code as an operator finds it: on the line that says "setup code". A JSON log line may
 * carry it as a field (`setupCode`, `code`); otherwise it is the word after "setup code".
 */
export function setupCodeFrom(lines: string[]): string | undefined {
  const line = lines.find((text) => /setup code/i.test(text));
  if (!line) return undefined;
  try {
    const parsed = JSON.parse(line) as Record<string, unknown>;
    for (const key of ['setupCode', 'code']) {
      if (typeof parsed[key] === 'string') return parsed[key] as string;
    }
    const message = String(parsed.msg ?? parsed.message ?? '');
    return /setup code\W+([A-Za-z0-9][A-Za-z0-9_-]{5,})/i.exec(message)?.[1];
  } catch {
    return /setup code\W+([A-Za-z0-9][A-Za-z0-9_-]{5,})/i.exec(line)?.[1];
  }
}
