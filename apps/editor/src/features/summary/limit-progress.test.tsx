import type { QuestionnaireDetail, ResponseSummary } from '@forms-engine/schema';
import { cleanup, screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { renderWithApi } from '../../test/fake-api.tsx';
import { questionnaireDetail } from '../../test/questionnaire-detail.ts';
import { SummaryPage } from './summary-page.tsx';

afterEach(cleanup);

const empty: ResponseSummary = {
  counts: { responses: 0, inProgress: 0, completed: 0, completionRate: 0 },
  languages: [],
  timeToComplete: null,
  endings: [],
  hiddenFields: [],
  versionNumber: 1,
  steps: [],
  questions: [],
} as unknown as ResponseSummary;

const rule = {
  combinator: 'ALL' as const,
  conditions: [{ source: 'ANSWER' as const, questionCode: 'c', operator: 'IS_NOT_EMPTY' as const }],
};

function renderSummary(extra: Partial<QuestionnaireDetail>) {
  return renderWithApi([{ path: '/questionnaires/:questionnaireId/summary', element: <SummaryPage /> }], {
    url: '/questionnaires/q1/summary',
    handlers: {
      'responses.summary': () => empty,
      'questionnaires.versions': () => [],
      'questionnaires.get': () => questionnaireDetail(undefined, { currentVersion: 1, ...extra }),
    },
  });
}

describe('the summary’s limit and quotas', () => {
  it('draws a progress bar for the limit and each quota, named, with the count written beside it', async () => {
    renderSummary({
      maxCompletedResponses: 200,
      quotas: [
        { id: 'de', name: 'Germany', limit: 50, rule },
        { id: 'fr', name: 'France', limit: 40, rule },
      ],
      availability: {
        status: 'OPEN',
        completed: 143,
        quotas: [
          { id: 'de', count: 50, full: true },
          { id: 'fr', count: 12, full: false },
        ],
      },
    });
    const section = await screen.findByRole('region', { name: 'Limit and quotas' });
    const bars = within(section).getAllByRole('progressbar');
    expect(
      bars.map((bar) => [
        (bar as HTMLProgressElement).labels[0]?.textContent,
        (bar as HTMLProgressElement).value,
        (bar as HTMLProgressElement).max,
        document.getElementById(bar.getAttribute('aria-describedby') ?? '')?.textContent,
      ]),
    ).toEqual([
      ['Completed responses (the limit)', 143, 200, '143 of 200'],
      ['Quota “Germany”', 50, 50, '50 of 50 · full'],
      ['Quota “France”', 12, 40, '12 of 40'],
    ]);
    // Shown before the first response too: a limit is worth seeing from the start.
    expect(screen.getByText(/No responses yet|nothing|first response/i)).toBeDefined();
  });

  it('draws a limit of 0 as full, and nothing without a limit or quotas', async () => {
    renderSummary({ maxCompletedResponses: 0, availability: { status: 'FULL', completed: 0, quotas: [] } });
    const bar = (await screen.findByRole('progressbar', {
      name: 'Completed responses (the limit)',
    })) as HTMLProgressElement;
    expect([bar.value, bar.max]).toEqual([1, 1]);
    expect(screen.getByText('0 of 0 · full')).toBeDefined();
    cleanup();
    renderSummary({});
    await screen.findByRole('heading', { name: 'Summary' });
    await screen.findAllByText(/./);
    expect(screen.queryByRole('region', { name: 'Limit and quotas' })).toBeNull();
  });
});
