import type { Page } from 'playwright-core';
import { expect } from 'vitest';

/** Waits until the draft's save status reads "Saved". */
export const expectSaved = (page: Page) =>
  expect
    .poll(() =>
      page
        .getByRole('status')
        .filter({ hasText: /^Saved$/ })
        .count(),
    )
    .toBe(1);
