import type { QuestionnaireDetail } from '@forms-engine/schema';
import { act, cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { fingerprint, pendingEdits } from '../../data/pending-edits.ts';
import { renderWithApi } from '../../test/fake-api.tsx';
import { questionnaireDetail } from '../../test/questionnaire-detail.ts';
import { settingsOf } from './settings-model.ts';
import { SettingsPage } from './settings-page.tsx';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const detail = (extra: Partial<QuestionnaireDetail> = {}) => questionnaireDetail(undefined, extra);

function renderSettings(server = detail()) {
  let held = server;
  return renderWithApi(
    [
      { path: '/questionnaires/:questionnaireId/settings', element: <SettingsPage /> },
      { path: '/questionnaires/:questionnaireId', element: <h1>Draft page</h1> },
    ],
    {
      url: '/questionnaires/q1/settings',
      handlers: {
        'questionnaires.get': () => held,
        'questionnaires.patch': (input: Partial<QuestionnaireDetail>) => {
          held = { ...held, ...input, name: (input.name ?? held.name).trim() };
          return held;
        },
      },
    },
  );
}

const status = () => document.querySelector('.save-status')?.textContent;
const SLOW = { timeout: 10_000 };

describe('settings', () => {
  it('saves as you go: an origin typed and the tab switched is saved before the page changes', async () => {
    const user = userEvent.setup();
    const { router, callsTo } = renderSettings();
    await user.type(await screen.findByLabelText('Site to allow'), 'https://Shop.Example.com');
    // Leaving the box adds the site; switching tabs saves it first.
    await user.tab();
    await act(() => router.navigate('/questionnaires/q1'));
    expect(await screen.findByText('Draft page')).toBeDefined();
    // Only what changed is sent: a rename never re-sends the quotas, two people's changes do not collide.
    expect(callsTo('questionnaires.patch').at(-1)?.input).toEqual({
      id: 'q1',
      allowedOrigins: ['https://shop.example.com'],
    });
  });

  it('takes several origins typed with commas, refuses one that is not an origin in words, and saves the rest', async () => {
    const user = userEvent.setup();
    const { callsTo } = renderSettings();
    await user.type(await screen.findByLabelText('Site to allow'), 'https://a.example.com, example.com{Enter}');
    expect(screen.getByText(/“example\.com” is not an origin\./)).toBeDefined();
    expect(
      within(screen.getByRole('list', { name: 'Added allowed sites' }))
        .getAllByRole('listitem')
        .map((item) => item.firstChild?.textContent),
    ).toEqual(['https://a.example.com']);
    await waitFor(() => expect(status()).toBe('Saved'), SLOW);
    expect(callsTo('questionnaires.patch').at(-1)?.input).toMatchObject({ allowedOrigins: ['https://a.example.com'] });
  });

  it('does not send an empty name, says why at the field, and asks before leaving', async () => {
    const user = userEvent.setup();
    const { router, callsTo } = renderSettings();
    await user.clear(await screen.findByLabelText('Name'));
    await waitFor(() => expect(status()).toMatch(/^Not saved yet: one problem needs fixing/));
    expect(screen.getByText('Give the questionnaire a name.')).toBeDefined();
    expect(screen.getByLabelText('Name').getAttribute('aria-invalid')).toBe('true');
    await act(() => router.navigate('/questionnaires/q1'));
    const dialog = await screen.findByRole('dialog', { name: 'Your last edits are not saved yet' });
    await user.click(within(dialog).getByRole('button', { name: 'Stay and fix them' }));
    await user.type(screen.getByLabelText('Name'), 'Renamed');
    await waitFor(() => expect(status()).toBe('Saved'), SLOW);
    expect(callsTo('questionnaires.patch').map((call) => (call.input as { name: string }).name)).toEqual(['Renamed']);
  });

  it('brings back changes kept in this browser, and saves them', async () => {
    pendingEdits('settings', 'q1').write(
      { ...settingsOf(detail()), name: 'Kept name', submissionPolicy: 'ONE_PER_REF' },
      fingerprint(settingsOf(detail())),
    );
    const { callsTo } = renderSettings();
    expect(((await screen.findByLabelText('Name')) as HTMLInputElement).value).toBe('Kept name');
    await waitFor(() => expect(status()).toBe('Saved'), SLOW);
    expect(callsTo('questionnaires.patch').at(-1)?.input).toMatchObject({
      name: 'Kept name',
      submissionPolicy: 'ONE_PER_REF',
    });
  });
});
