import type { Definition, Question } from '@forms-engine/schema';
import { cleanup, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { question } from '../../test/definitions.ts';
import { Preview } from './preview.tsx';

afterEach(() => {
  cleanup();
  sessionStorage.clear();
});

const step = (id: string, title: string, questions: Question[], extra = {}) => ({
  id,
  title,
  visibility: { mode: 'ALWAYS' as const },
  requirement: { mode: 'NEVER' as const },
  tabs: [],
  questions,
  ...extra,
});

const threeSteps = (): Definition => ({
  schemaVersion: 1,
  tabs: [],
  questions: [],
  steps: [
    step('s1', 'About you', [
      question('name', { prompt: 'Your name' }),
      question('pet', { type: 'YES_NO', prompt: 'A pet?' }),
    ]),
    step('s2', 'More', [question('age', { type: 'NUMBER', prompt: 'Age' })]),
    step('s3', 'Last', [
      question('rate', {
        type: 'RATING',
        prompt: 'How was it? See [our terms](https://example.com/terms)',
        typeConfig: { minLabel: 'Not at all', maxLabel: 'Very' },
        visibility: {
          mode: 'CONDITIONAL',
          rule: {
            combinator: 'ALL',
            conditions: [{ source: 'ANSWER', questionCode: 'pet', operator: 'EQUALS', value: true }],
          },
        },
      } as Partial<Question>),
    ]),
  ],
});

/** The embed's rendered text, inside its shadow root. */
const embedText = () =>
  screen.getByTestId('preview').querySelector('[data-forms-engine]')?.shadowRoot?.textContent ?? '';
const embed = () => screen.getByTestId('preview').querySelector('[data-forms-engine]')?.shadowRoot;

describe('Preview', () => {
  it('opens at the selected question’s step, shows it although a rule would hide it, and says so', async () => {
    render(<Preview definition={threeSteps()} selection={{ kind: 'question', container: { step: 2 }, index: 0 }} />);
    await waitFor(() => expect(embedText()).toContain('Last'), { timeout: 5_000 });
    expect(embedText()).toContain('How was it?');
    // The type's defaults, as the server would write them: a scale from 1 to 5, its ends named.
    const points = [...(embed()?.querySelectorAll('.fe-rate-face') ?? [])].map((face) => face.textContent);
    expect(points).toEqual(['1', '2', '3', '4', '5']);
    expect(embed()?.querySelector('.fe-rating-ends')?.textContent).toBe('Not at allVery');
    expect(embedText()).not.toContain('undefined');
    // The prompt's link is a link.
    const link = embed()?.querySelector('a[href="https://example.com/terms"]');
    expect(link?.textContent).toBe('our terms');
    expect(link?.getAttribute('rel')).toBe('noopener noreferrer');
    expect(
      screen.getByText(/^This question is shown only when “A pet\?” is “Yes”\. The preview shows it anyway\.$/),
    ).toBeDefined();
  });

  it('starts at the first step when nothing is selected, and shows hostile markup as text', async () => {
    const definition = threeSteps();
    definition.steps[0]!.questions[0]!.prompt = '<img src=x onerror=alert(1)> [x](javascript:alert(1))';
    render(<Preview definition={definition} />);
    await waitFor(() => expect(embedText()).toContain('About you'), { timeout: 5_000 });
    expect(embedText()).toContain('<img src=x onerror=alert(1)> [x](javascript:alert(1))');
    expect(embed()?.querySelector('img')).toBeNull();
    expect(embed()?.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('switches between a phone’s and a desktop page’s width', async () => {
    const user = userEvent.setup();
    render(<Preview definition={threeSteps()} />);
    const frame = screen.getByTestId('preview');
    expect(frame.style.width).toBe('375px');
    await user.click(screen.getByLabelText('Desktop (800 px)'));
    expect(frame.style.width).toBe('800px');
    expect((screen.getByLabelText('Desktop (800 px)') as HTMLInputElement).checked).toBe(true);
  });

  it('lets the builder type the hidden fields’ values a page would pass, and completes without leaving the editor', async () => {
    const user = userEvent.setup();
    const definition: Definition = {
      schemaVersion: 1,
      steps: [],
      tabs: [],
      questions: [question('name', { prompt: 'Your name' })],
      hiddenFields: [{ key: 'utm_source' }, { key: 'customer_id', label: 'Customer id' }],
    };
    render(<Preview definition={definition} />);
    expect(screen.getByRole('group', { name: 'Hidden field values (as your page would pass them)' })).toBeDefined();
    await user.type(screen.getByLabelText('utm_source'), 'newsletter');
    expect((screen.getByLabelText('Customer id (customer_id)') as HTMLInputElement).value).toBe('');
    await waitFor(() => expect(embedText()).toContain('Your name'), { timeout: 5_000 });
    const submit = [...(embed()?.querySelectorAll('button') ?? [])].find((button) =>
      /submit/i.test(button.textContent ?? ''),
    );
    submit?.click();
    await waitFor(
      () => expect(screen.getByRole('status').textContent).toMatch(/^This respondent saw the built-in “Thank you”/),
      {
        timeout: 5_000,
      },
    );
  });

  it('tells what to do when there is nothing to preview', () => {
    render(<Preview definition={{ schemaVersion: 1, steps: [], tabs: [], questions: [] }} />);
    expect(screen.getByText('Add a question to see it here as respondents will.')).toBeDefined();
  });
});
