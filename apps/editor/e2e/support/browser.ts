import { axeViolations, describeViolation } from '@forms-engine/browser-testing';
import type { Page } from 'playwright-core';

/** axe-core's WCAG 2.1 A/AA and best-practice findings on the page, one line each: `rule (help): targets`. */
export async function accessibilityViolations(page: Page): Promise<string[]> {
  return (await axeViolations(page)).map(describeViolation);
}
