import type { Page } from 'playwright-core';

/** The events the host page recorded (see host.ts record.js). */
export function recordedEvents(page: Page): Promise<{ name: string; target: string; detail: any }[]> {
  return page.evaluate(() => (window as unknown as { __events: any[] }).__events);
}

export function cspViolations(page: Page): Promise<string[]> {
  return page.evaluate(() => (window as unknown as { __violations: string[] }).__violations);
}
