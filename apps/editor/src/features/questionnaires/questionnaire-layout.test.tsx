import type { Definition, QuestionnaireDetail } from '@forms-engine/schema';
import { cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { fingerprint, pendingEdits } from '../../data/pending-edits.ts';
import { twoSteps } from '../../test/definitions.ts';
import { renderWithApi } from '../../test/fake-api.tsx';
import { NO_SCHEDULE } from '../../test/questionnaire-detail.ts';
import { DraftPage } from '../draft/draft-page.tsx';
import { QuestionnaireLayout } from './questionnaire-layout.tsx';

// The preview mounts the real embed; these tests are about publishing (preview.test.tsx has it).
vi.mock('../draft/preview.tsx', () => ({ Preview: () => null }));

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const detail = (extra: Partial<QuestionnaireDetail>): QuestionnaireDetail => ({
  id: 'q1',
  publicId: 'pub1',
  name: 'Survey',
  allowedOrigins: [],
  submissionPolicy: 'MULTIPLE',
  currentVersion: 2,
  hasUnpublishedChanges: true,
  draft: { schemaVersion: 1, steps: [], tabs: [], questions: [] },
  updatedAt: '2026-11-22T10:00:00.000Z',
  ...NO_SCHEDULE,
  ...extra,
});

function renderLayout(initial: Partial<QuestionnaireDetail>, { url = '/questionnaires/q1', withDraft = false } = {}) {
  let current = detail(initial);
  const children = [
    ...(withDraft ? [{ index: true, element: <DraftPage /> }] : []),
    { path: 'versions', element: <p>Versions screen</p> },
  ];
  return renderWithApi([{ path: '/questionnaires/:questionnaireId', element: <QuestionnaireLayout />, children }], {
    url,
    handlers: {
      'questionnaires.get': () => current,
      'questionnaires.replaceDraft': ({ id: _id, ...draft }: { id: string } & Definition) => {
        current = { ...current, draft, hasUnpublishedChanges: true };
        return current;
      },
      'questionnaires.publish': () => {
        current = { ...current, currentVersion: current.currentVersion + 1, hasUnpublishedChanges: false };
        return current;
      },
      'questionnaires.versions': () => [],
      'questionnaires.version': () => ({ versionNumber: 1, publishedAt: current.updatedAt, definition: twoSteps() }),
    },
  });
}

const publishButton = () => screen.getByRole('button', { name: 'Publish' });

describe('publishing', () => {
  it('is disabled when the draft is the published version, and says why next to the button', async () => {
    renderLayout({ currentVersion: 2, hasUnpublishedChanges: false });
    await screen.findByRole('heading', { name: 'Survey' });
    expect(publishButton()).toHaveProperty('disabled', true);
    // One line says the state and why Publish is disabled; nothing else repeats the version.
    const state = screen.getByRole('status');
    expect(state.textContent).toBe('Version 2 is published. The draft is the same: nothing to publish.');
    expect(publishButton().getAttribute('aria-describedby')).toContain(state.id);
    expect(screen.getAllByText(/version 2/i)).toEqual([state]);
  });

  it('is enabled when the draft has changes, and before the first publish', async () => {
    renderLayout({ currentVersion: 2, hasUnpublishedChanges: true });
    await screen.findByRole('heading', { name: 'Survey' });
    expect(publishButton()).toHaveProperty('disabled', false);
    expect(screen.getByRole('status').textContent).toBe(
      'Version 2 is published. The draft has changes that are not published yet.',
    );
    cleanup();
    renderLayout({ currentVersion: 0, hasUnpublishedChanges: false });
    await screen.findByRole('heading', { name: 'Survey' });
    expect(publishButton()).toHaveProperty('disabled', false);
    expect(screen.getByRole('status').textContent).toBe('Not published yet.');
  });

  it('never publishes on Enter in the note; the button does, with the note, then disables itself', async () => {
    const user = userEvent.setup();
    const { callsTo, queryClient } = renderLayout({ currentVersion: 1, hasUnpublishedChanges: true });
    await screen.findByRole('heading', { name: 'Survey' });
    await user.type(screen.getByLabelText('Publish note (optional)'), 'Spring edition{Enter}');
    // A publish starts its mutation within the key press that asks for it (submit or key handler
    // alike), so an empty mutation cache now means Enter published nothing, however slow the machine.
    expect(queryClient.getMutationCache().getAll()).toEqual([]);
    expect(callsTo('questionnaires.publish')).toHaveLength(0);
    expect((screen.getByLabelText('Publish note (optional)') as HTMLInputElement).value).toBe('Spring edition');

    await user.click(publishButton());
    // After publishing, one line: the new version, and that there is nothing left to publish.
    await waitFor(() =>
      expect(screen.getByRole('status').textContent).toBe(
        'Version 2 is published (just now). The draft is the same: nothing to publish.',
      ),
    );
    expect(screen.getAllByRole('status')).toHaveLength(1);
    expect(callsTo('questionnaires.publish')[0]?.input).toEqual({ id: 'q1', note: 'Spring edition' });
    await waitFor(() => expect(publishButton()).toHaveProperty('disabled', true));
    expect(screen.getAllByText(/version 2/i)).toEqual([screen.getByRole('status')]);
  });
});

describe('publishing with texts not translated', () => {
  it('warns in words for each language, links to what is missing, and publishes all the same', async () => {
    const user = userEvent.setup();
    const draft: Definition = {
      ...twoSteps(),
      translations: { de: { s1: { title: 'Über Sie' } }, fr: { age: { prompt: 'Âge' } } },
    };
    const { callsTo } = renderLayout({ currentVersion: 1, hasUnpublishedChanges: true, draft });
    await screen.findByRole('heading', { name: 'Survey' });
    const warning = document.getElementById('publish-warning');
    expect(warning?.textContent).toContain('Publishing works with texts not translated:');
    expect([...(warning?.querySelectorAll('li') ?? [])].map((item) => item.textContent)).toEqual([
      'French: 7 texts not translated; respondents will read them in English.',
      'German: 7 texts not translated; respondents will read them in English.',
    ]);
    expect(screen.getByRole('link', { name: 'Translate them' }).getAttribute('href')).toBe(
      '/questionnaires/q1/translate?language=fr&missing=1',
    );
    expect(publishButton()).toHaveProperty('disabled', false);
    expect(publishButton().getAttribute('aria-describedby')).toContain('publish-warning');
    await user.click(publishButton());
    await waitFor(() => expect(callsTo('questionnaires.publish')).toHaveLength(1));
    expect(await screen.findByText('Published with texts not translated:')).toBeDefined();
  });

  it('says nothing for a questionnaire in one language, or one fully translated', async () => {
    renderLayout({ currentVersion: 1, hasUnpublishedChanges: true, draft: twoSteps() });
    await screen.findByRole('heading', { name: 'Survey' });
    expect(document.getElementById('publish-warning')).toBeNull();
  });
});

describe('publishing never leaves the latest edits behind', () => {
  it('saves an edit made a moment ago first, then publishes it', async () => {
    const user = userEvent.setup();
    const { calls } = renderLayout(
      { currentVersion: 1, hasUnpublishedChanges: false, draft: twoSteps() },
      { withDraft: true },
    );
    await user.click(await screen.findByRole('button', { name: 'Age (Number)' }));
    await user.type(screen.getByLabelText('Prompt'), ' in years');
    // Publish at once, before the autosave's pause has passed.
    await user.click(publishButton());
    await screen.findByText(
      'Version 2 is published (just now). The draft is the same: nothing to publish.',
      { selector: '[role="status"]' },
      { timeout: 10_000 },
    );
    const order = calls.map((call) => call.path).filter((path) => path !== 'questionnaires.get');
    expect(order.indexOf('questionnaires.replaceDraft')).toBeGreaterThanOrEqual(0);
    expect(order.indexOf('questionnaires.replaceDraft')).toBeLessThan(order.indexOf('questionnaires.publish'));
    const saved = calls.filter((call) => call.path === 'questionnaires.replaceDraft').at(-1)?.input as Definition;
    expect(saved.steps[1]?.questions.find((q) => q.code === 'age')?.prompt).toBe('Age in years');
  });

  it('is disabled, saying why, while the draft has problems that keep it from being saved', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderLayout(
      { currentVersion: 1, hasUnpublishedChanges: true, draft: twoSteps() },
      { withDraft: true },
    );
    await user.click(await screen.findByRole('button', { name: 'Age (Number)' }));
    await user.selectOptions(screen.getByLabelText('Visibility mode'), 'CONDITIONAL');
    await user.selectOptions(screen.getByLabelText('Reads'), 'color');
    await user.selectOptions(screen.getByLabelText('Operator'), 'EQUALS');
    await waitFor(() => expect(publishButton()).toHaveProperty('disabled', true));
    const reason = screen.getByText(/Fix the problems in the draft before publishing/);
    expect(publishButton().getAttribute('aria-describedby')).toContain(reason.id);
    expect(callsTo('questionnaires.publish')).toHaveLength(0);
  });

  it('is disabled on another tab while edits kept in this browser are not saved yet, with a link to the draft', async () => {
    pendingEdits<Definition>('draft', 'q1').write(twoSteps(), fingerprint(detail({}).draft));
    renderLayout({ currentVersion: 1, hasUnpublishedChanges: true }, { url: '/questionnaires/q1/versions' });
    await screen.findByText('Versions screen');
    expect(publishButton()).toHaveProperty('disabled', true);
    const reason = screen.getByText(/edits to the draft are kept in this browser but not saved yet/);
    expect(publishButton().getAttribute('aria-describedby')).toContain(reason.id);
    expect(screen.getByRole('link', { name: 'Open the draft' }).getAttribute('href')).toBe('/questionnaires/q1');
  });
});

describe('the status line under the name', () => {
  it('says whether it takes responses, counted when full, beside the publish state', async () => {
    renderLayout({
      currentVersion: 1,
      maxCompletedResponses: 200,
      availability: { status: 'FULL', completed: 200, quotas: [] },
    });
    await screen.findByRole('heading', { name: 'Survey' });
    expect(screen.getByText('Full · 200 of 200').tagName).toBe('P');
    // Not a second live region: the publish line stays the header's one status.
    expect(screen.getAllByRole('status')).toHaveLength(1);
  });

  it('says when a scheduled one opens, in the builder’s time', async () => {
    const opensAt = new Date(Date.now() + 2 * 24 * 60 * 60 * 1000);
    opensAt.setHours(8, 0, 0, 0);
    renderLayout({
      currentVersion: 1,
      opensAt: opensAt.toISOString(),
      availability: { status: 'SCHEDULED', completed: 0, quotas: [] },
    });
    await screen.findByRole('heading', { name: 'Survey' });
    const weekday = new Intl.DateTimeFormat(undefined, { weekday: 'short' }).format(opensAt);
    expect(screen.getByText(`Scheduled · opens ${weekday} 08:00`)).toBeDefined();
  });

  it('asks the server again once the opening time has passed, and the line follows', async () => {
    vi.useFakeTimers({ shouldAdvanceTime: true });
    try {
      const opensAt = new Date(Date.now() + 60_000).toISOString();
      const { callsTo } = renderLayout({
        currentVersion: 1,
        opensAt,
        availability: { status: 'SCHEDULED', completed: 0, quotas: [] },
      });
      await screen.findByText(/^Scheduled · opens /);
      const asked = callsTo('questionnaires.get').length;
      await vi.advanceTimersByTimeAsync(62_000);
      await waitFor(() => expect(callsTo('questionnaires.get').length).toBeGreaterThan(asked));
    } finally {
      vi.useRealTimers();
    }
  });
});
