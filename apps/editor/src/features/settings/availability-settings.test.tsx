import type { Definition, QuestionnaireDetail, VersionDetail } from '@forms-engine/schema';
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { question } from '../../test/definitions.ts';
import { FakeProblem, renderWithApi } from '../../test/fake-api.tsx';
import { questionnaireDetail } from '../../test/questionnaire-detail.ts';
import { SettingsPage } from './settings-page.tsx';

// The builder's time zone is the browser's: Berlin here, one hour ahead of UTC in winter.
const zone = process.env.TZ;
beforeAll(() => {
  process.env.TZ = 'Europe/Berlin';
});
afterAll(() => {
  process.env.TZ = zone;
});
afterEach(() => {
  cleanup();
  localStorage.clear();
});

/** The published version quotas read: a country question, a hidden field and an ending. */
const published: Definition = {
  schemaVersion: 1,
  tabs: [],
  questions: [],
  steps: [
    {
      id: 's1',
      title: 'About you',
      visibility: { mode: 'ALWAYS' },
      requirement: { mode: 'NEVER' },
      tabs: [],
      questions: [
        question('country', {
          type: 'SINGLE_CHOICE',
          prompt: 'Where do you live?',
          typeConfig: {
            choices: [
              { value: 'DE', label: 'Germany' },
              { value: 'FR', label: 'France' },
            ],
          },
        } as never),
      ],
    },
  ],
  hiddenFields: [{ key: 'panel', label: 'Panel' }],
  endings: [
    {
      id: 'e_full',
      title: 'We have enough people from your country',
      body: '',
      visibility: { mode: 'ALWAYS' },
    },
  ],
} as Definition;

/** The draft has moved on since: quotas must not offer what respondents are not asked. */
const draft: Definition = { ...published, steps: [{ ...published.steps[0]!, questions: [question('draft_only')] }] };

type Patch = Partial<QuestionnaireDetail> & { id: string };

function renderSettings(
  extra: Partial<QuestionnaireDetail> = {},
  { refuse }: { refuse?: (input: Patch) => FakeProblem | undefined } = {},
) {
  let held = questionnaireDetail(draft, { currentVersion: 2, hasUnpublishedChanges: true, ...extra });
  return renderWithApi([{ path: '/questionnaires/:questionnaireId/settings', element: <SettingsPage /> }], {
    url: '/questionnaires/q1/settings',
    handlers: {
      'questionnaires.get': () => held,
      'questionnaires.version': (input: { n: number }): VersionDetail => ({
        versionNumber: input.n,
        note: '',
        publishedAt: '2026-11-20T10:00:00Z',
        publishedBy: null,
        definition: published,
      }),
      'questionnaires.patch': (input: Patch) => {
        const refusal = refuse?.(input);
        if (refusal) throw refusal;
        const { id: _id, ...change } = input;
        held = { ...held, ...change };
        return held;
      },
    },
  });
}

const status = () => document.querySelector('.save-status')?.textContent;
const lastPatch = (calls: { input: unknown }[]) => calls.at(-1)?.input as Patch;
const SLOW = { timeout: 10_000 };

describe('settings: schedule and limit', () => {
  it('takes the opening and closing times in the builder’s time zone, named beside them, and saves them in UTC', async () => {
    const { callsTo } = renderSettings();
    const opens = await screen.findByLabelText('Opens (optional)');
    expect(opens.getAttribute('type')).toBe('datetime-local');
    // The zone by name, with its offset on the day chosen (winter time in December).
    expect(screen.getAllByText('Europe/Berlin (UTC+01:00)')).toHaveLength(2);
    fireEvent.change(opens, { target: { value: '2026-12-01T09:00' } });
    fireEvent.change(screen.getByLabelText('Closes (optional)'), { target: { value: '2026-12-05T19:00' } });
    await waitFor(() => expect(status()).toBe('Saved'), SLOW);
    expect(lastPatch(callsTo('questionnaires.patch'))).toEqual({
      id: 'q1',
      opensAt: '2026-12-01T08:00:00Z',
      closesAt: '2026-12-05T18:00:00Z',
    });
    // A summer date shows its own offset.
    fireEvent.change(opens, { target: { value: '2026-07-01T09:00' } });
    expect(await screen.findByText('Europe/Berlin (UTC+02:00)')).toBeDefined();
  });

  it('shows a stored time in the builder’s zone, and clearing it sends null', async () => {
    const { callsTo } = renderSettings({ opensAt: '2026-12-01T08:00:00Z' });
    const opens = (await screen.findByLabelText('Opens (optional)')) as HTMLInputElement;
    expect(opens.value).toBe('2026-12-01T09:00');
    fireEvent.change(opens, { target: { value: '' } });
    await waitFor(() => expect(lastPatch(callsTo('questionnaires.patch'))).toEqual({ id: 'q1', opensAt: null }), SLOW);
  });

  it('says before saving that it closes before it opens, next to the closing time, and sends nothing', async () => {
    const { callsTo } = renderSettings({ opensAt: '2026-12-01T08:00:00Z' });
    const closes = await screen.findByLabelText('Closes (optional)');
    fireEvent.change(closes, { target: { value: '2026-11-30T09:00' } });
    await waitFor(() => expect(status()).toMatch(/^Not saved yet: one problem needs fixing/));
    const message = 'It closes before it opens: choose a closing time after the opening time.';
    expect(screen.getByText(message).id).toBe('settings-closes-error');
    expect(closes.getAttribute('aria-invalid')).toBe('true');
    expect(closes.getAttribute('aria-describedby')).toContain('settings-closes-error');
    expect(screen.getByRole('link', { name: 'Go to the first problem: Closes' })).toBeDefined();
    expect(callsTo('questionnaires.patch')).toHaveLength(0);
  });

  it('explains the grace, keeps it at 60 by default, refuses an empty one in words and saves a new one', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderSettings();
    const grace = (await screen.findByLabelText('Grace after closing (minutes)')) as HTMLInputElement;
    expect(grace.value).toBe('60');
    expect(screen.getByText(/may still send their answers for this many minutes after it/)).toBeDefined();
    await user.clear(grace);
    expect(await screen.findByText('Give the grace in whole minutes, from 0 to 1,440 (a day).')).toBeDefined();
    await user.type(grace, '1500');
    expect(await screen.findByText('Give the grace in whole minutes, from 0 to 1,440 (a day).')).toBeDefined();
    await user.clear(grace);
    await user.type(grace, '15');
    await waitFor(() => expect(status()).toBe('Saved'), SLOW);
    expect(callsTo('questionnaires.patch').map((call) => call.input)).toEqual([{ id: 'q1', closeGraceMinutes: 15 }]);
  });

  it('saves the limit with the count beside it, and an empty limit is no limit', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderSettings({ availability: { status: 'OPEN', completed: 143, quotas: [] } });
    const limit = await screen.findByLabelText('Most completed responses (optional)');
    expect(screen.getByText('143 completed so far')).toBeDefined();
    await user.type(limit, '200');
    expect(await screen.findByText('143 of 200 completed so far')).toBeDefined();
    await waitFor(() => expect(status()).toBe('Saved'), SLOW);
    expect(lastPatch(callsTo('questionnaires.patch'))).toEqual({ id: 'q1', maxCompletedResponses: 200 });
    await user.clear(limit);
    await waitFor(
      () => expect(lastPatch(callsTo('questionnaires.patch'))).toEqual({ id: 'q1', maxCompletedResponses: null }),
      SLOW,
    );
    await user.type(limit, '-1');
    expect(
      await screen.findByText('Give the limit as a whole number, 0 or more, or leave it empty for no limit.'),
    ).toBeDefined();
  });

  it('shows the server’s refusal of the schedule as its sentence beside the field, never a code or a path', async () => {
    const { container } = renderSettings(
      {},
      {
        refuse: (input) =>
          input.closesAt
            ? new FakeProblem({
                code: 'VALIDATION_FAILED',
                detail: 'Invalid settings',
                errors: [
                  { path: 'closesAt', message: 'The closing date is before the opening date: close after it opens' },
                ],
              })
            : undefined,
      },
    );
    fireEvent.change(await screen.findByLabelText('Closes (optional)'), { target: { value: '2026-12-05T19:00' } });
    expect(
      (await screen.findByText('The closing date is before the opening date: close after it opens', {}, SLOW)).id,
    ).toBe('settings-closes-error');
    expect(container.textContent).not.toMatch(/VALIDATION_FAILED|closesAt/);
  });
});

describe('settings: quotas', () => {
  it('adds a quota with a rule over the published version’s questions, in words, with an ending, and saves it', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderSettings();
    await user.click(await screen.findByRole('button', { name: 'Add quota' }));
    const name = screen.getByLabelText('Quota 1 name');
    expect(document.activeElement).toBe(name);
    // Not sent while it has no name and no limit, and said so.
    expect(screen.getByText('Give the quota a name.')).toBeDefined();
    await user.type(name, 'Germany');
    await user.type(screen.getByLabelText('Quota 1 limit (completed responses)'), '50');
    // The published version's question, not the draft's.
    const reads = screen.getByLabelText('Reads') as HTMLSelectElement;
    expect([...reads.options].map((option) => option.text)).toEqual([
      'Answer to “Where do you live?”',
      'The hidden field “Panel”',
    ]);
    await user.selectOptions(screen.getByLabelText('Operator'), 'EQUALS');
    await user.selectOptions(screen.getByLabelText('Value'), 'DE');
    await user.selectOptions(
      screen.getByLabelText('Quota 1: shown to someone it turns away'),
      'The ending “We have enough people from your country”',
    );
    expect(
      screen.getByText(
        'In words: counts the completed responses where “Where do you live?” is “Germany”, up to 50; once full, someone else it matches is shown the ending “We have enough people from your country”.',
      ),
    ).toBeDefined();
    await waitFor(() => expect(status()).toBe('Saved'), SLOW);
    const { quotas } = lastPatch(callsTo('questionnaires.patch'));
    expect(quotas).toEqual([
      {
        id: expect.stringMatching(/^[A-Za-z0-9_-]+$/),
        name: 'Germany',
        limit: 50,
        rule: {
          combinator: 'ALL',
          conditions: [{ source: 'ANSWER', questionCode: 'country', operator: 'EQUALS', value: 'DE' }],
        },
        endingId: 'e_full',
      },
    ]);
  });

  it('shows each quota’s count beside its limit, reads a hidden field, and removing a counted one asks first', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderSettings({
      quotas: [
        {
          id: 'de',
          name: 'Germany',
          limit: 50,
          rule: {
            combinator: 'ALL',
            conditions: [{ source: 'ANSWER', questionCode: 'country', operator: 'EQUALS', value: 'DE' }],
          },
        },
      ],
      availability: { status: 'OPEN', completed: 80, quotas: [{ id: 'de', count: 50, full: true }] },
    });
    expect(await screen.findByText('50 of 50: full')).toBeDefined();
    expect(await screen.findByText(/shown the built-in sentence\.$/)).toBeDefined();
    await user.selectOptions(screen.getByLabelText('Reads'), 'The hidden field “Panel”');
    await user.selectOptions(screen.getByLabelText('Operator'), 'EQUALS');
    await user.type(screen.getByLabelText('Value'), 'b2b');
    await waitFor(() => expect(status()).toBe('Saved'), SLOW);
    expect(lastPatch(callsTo('questionnaires.patch')).quotas?.[0]?.rule.conditions).toEqual([
      { source: 'HIDDEN_FIELD', key: 'panel', operator: 'EQUALS', value: 'b2b' },
    ]);
    expect(screen.getByText(/where the hidden field “Panel” is “b2b”/)).toBeDefined();
    await user.click(screen.getByRole('button', { name: 'Remove quota 1' }));
    const dialog = screen.getByRole('dialog', { name: 'Remove the quota “Germany”?' });
    expect(within(dialog).getByText(/It has counted 50 completed responses/)).toBeDefined();
    await user.click(within(dialog).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(lastPatch(callsTo('questionnaires.patch'))).toEqual({ id: 'q1', quotas: [] }), SLOW);
    expect(document.activeElement).toBe(screen.getByRole('button', { name: 'Add quota' }));
  });

  it('says in words, next to the condition, that a quota reads a question the published version does not have', async () => {
    renderSettings({
      quotas: [
        {
          id: 'gone',
          name: 'Old question',
          limit: 5,
          rule: {
            combinator: 'ALL',
            conditions: [{ source: 'ANSWER', questionCode: 'q_removed', operator: 'IS_NOT_EMPTY' }],
          },
        },
      ],
    });
    const message = await screen.findByText(
      'This condition reads a question the published questionnaire does not have: choose another.',
    );
    expect(message.id).toBe('quota-0-condition-0-source-errors');
    expect(screen.getByLabelText('Reads').getAttribute('aria-invalid')).toBe('true');
  });

  it('places the server’s quota problems by their path beside the field, in its words, and lists the rest without paths', async () => {
    const user = userEvent.setup();
    const { container } = renderSettings(
      {},
      {
        refuse: (input) =>
          input.quotas?.length
            ? new FakeProblem({
                code: 'VALIDATION_FAILED',
                detail: 'Invalid quotas',
                errors: [
                  {
                    path: 'quotas.0.rule.conditions.0.questionCode',
                    message: 'The quota “Germany” reads the question “country”, which the questionnaire does not have',
                  },
                  { path: 'quotas.0.id', message: 'Two quotas have the same id' },
                ],
              })
            : undefined,
      },
    );
    await user.click(await screen.findByRole('button', { name: 'Add quota' }));
    await user.type(screen.getByLabelText('Quota 1 name'), 'Germany');
    await user.type(screen.getByLabelText('Quota 1 limit (completed responses)'), '50');
    const placed = await screen.findByText(
      'The quota “Germany” reads the question “country”, which the questionnaire does not have',
      {},
      SLOW,
    );
    expect(placed.id).toBe('quota-0-condition-0-source-errors');
    expect(
      within(screen.getByRole('list', { name: 'What the server found' })).getByText('Two quotas have the same id'),
    ).toBeDefined();
    expect(status()).toMatch(/^Not saved yet\. The server found problems, listed below\. Your edits are kept/);
    await user.click(screen.getByRole('link', { name: 'Go to the first problem: Quota 1 condition 1' }));
    expect(document.activeElement?.id).toBe('quota-0-condition-0-source');
    expect(container.textContent).not.toMatch(/VALIDATION_FAILED|quotas\.0|questionCode/);
    // Kept in this browser meanwhile.
    expect(localStorage.getItem('forms-engine.unsaved.settings.q1')).toContain('Germany');
  });

  it('reads the draft’s questions before anything is published', async () => {
    const user = userEvent.setup();
    renderSettings({ currentVersion: 0 });
    await user.click(await screen.findByRole('button', { name: 'Add quota' }));
    expect(screen.getByText(/Conditions read the questions and hidden fields of the draft/)).toBeDefined();
    const reads = screen.getByLabelText('Reads') as HTMLSelectElement;
    expect(reads.options[0]?.text).toBe('Answer to “Prompt of draft_only”');
    await act(async () => {});
  });
});
