import * as embed from '@forms-engine/embed-client';
import type { Definition } from '@forms-engine/schema';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { twoSteps } from '../../test/definitions.ts';
import { Preview } from './preview.tsx';
import { addLanguage, setTranslation } from './translations.ts';

// The real embed, watched: which options the preview mounts it with.
vi.mock('@forms-engine/embed-client', async (importOriginal) => {
  const real = await importOriginal<typeof import('@forms-engine/embed-client')>();
  return { ...real, mount: vi.fn(real.mount) };
});

afterEach(() => {
  cleanup();
  sessionStorage.clear();
  vi.mocked(embed.mount).mockClear();
});

const translated = (): Definition => {
  let draft = addLanguage(addLanguage(twoSteps(), 'de'), 'ar');
  draft = setTranslation(draft, 'de', { id: 's1', field: 'title' }, 'Über Sie');
  draft = setTranslation(draft, 'de', { id: 'name', field: 'prompt' }, 'Ihr Name');
  draft = setTranslation(draft, 'ar', { id: 's1', field: 'title' }, 'عنك');
  return draft;
};

type Options = Parameters<typeof embed.mount>[1] & { language?: string };
const lastOptions = () => vi.mocked(embed.mount).mock.lastCall?.[1] as Options | undefined;
const shadow = () => screen.getByTestId('preview').querySelector('[data-forms-engine]')?.shadowRoot;

describe('the preview’s language', () => {
  it('offers the draft’s languages and mounts the embed in the one chosen, serving every translation', async () => {
    const user = userEvent.setup();
    render(<Preview definition={translated()} />);
    const select = screen.getByLabelText('Language') as HTMLSelectElement;
    expect([...select.options].map((option) => option.textContent)).toEqual([
      'English',
      'Arabic (العربية)',
      'German (Deutsch)',
    ]);
    await waitFor(() => expect(lastOptions()?.language).toBe('en'), { timeout: 5_000 });
    await user.selectOptions(select, 'ar');
    expect(
      screen.getByText('Written right to left: the preview shows it mirrored, as respondents see it.'),
    ).toBeDefined();
    await waitFor(() => expect(lastOptions()?.language).toBe('ar'), { timeout: 5_000 });
    // One document for every language, as the server's live document is.
    const previewFetch = lastOptions()?.fetch as typeof fetch;
    const live = await (await previewFetch('/public/v1/questionnaires/x/live')).json();
    expect(live.definition.translations.de.name).toEqual({ prompt: 'Ihr Name' });
    expect(live.labels).toBeTypeOf('object');
  });

  it('has no language choice for a questionnaire in one language', () => {
    render(<Preview definition={twoSteps()} />);
    expect(screen.queryByLabelText('Language')).toBeNull();
  });

  it('shows German texts, and Arabic right to left, as the embed shows respondents', async (context) => {
    const user = userEvent.setup();
    render(<Preview definition={translated()} />);
    await waitFor(() => expect(shadow()?.textContent).toContain('About you'), { timeout: 5_000 });
    const handle = vi.mocked(embed.mount).mock.results.at(-1)?.value as object | undefined;
    // The embed's part of issue 22 (its `language` option, with `setLanguage` on the handle) may not be merged yet.
    if (!handle || !('setLanguage' in handle)) return context.skip();
    await user.selectOptions(screen.getByLabelText('Language'), 'de');
    await waitFor(() => expect(shadow()?.textContent).toContain('Über Sie'), { timeout: 5_000 });
    expect(shadow()?.textContent).toContain('Ihr Name');
    await user.selectOptions(screen.getByLabelText('Language'), 'ar');
    await waitFor(() => expect(shadow()?.textContent).toContain('عنك'), { timeout: 5_000 });
    expect(shadow()?.querySelector('[dir="rtl"]')).not.toBeNull();
  });
});
