import type { LabelledList, QuestionTypeName } from '@forms-engine/schema/rules';
import { cleanup, fireEvent, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { initialTypeConfig } from './model.ts';
import { TypeConfigFields } from './type-config-fields.tsx';

afterEach(cleanup);

type Config = Record<string, unknown>;

/** The settings of one question, kept as the properties keep them; `seen` gets every config written. */
function Fields({
  type,
  seen,
  paste = () => {},
}: {
  type: QuestionTypeName;
  seen: Config[];
  paste?: (index: number, lines: string[], replace: boolean, list: LabelledList) => void;
}) {
  const [config, setConfig] = useState<Config>(initialTypeConfig(type));
  return (
    <TypeConfigFields
      type={type}
      config={config}
      path="questions.0.typeConfig"
      fieldErrors={() => []}
      onChange={(next) => {
        seen.push(next);
        setConfig(next);
      }}
      onChoiceLabel={() => {}}
      onChoiceValue={() => {}}
      onChoicePaste={paste}
    />
  );
}

describe('the settings of the new types', () => {
  it('offers “Other” with its label only once it is on, and the three orders in words', async () => {
    const user = userEvent.setup();
    const seen: Config[] = [];
    render(<Fields type="SINGLE_CHOICE" seen={seen} />);
    expect(screen.queryByLabelText('Label of “Other”')).toBeNull();
    await user.click(screen.getByLabelText('Offer “Other (please specify)”'));
    expect(seen.at(-1)).toMatchObject({ allowOther: true });
    await user.type(screen.getByLabelText('Label of “Other”'), 'Else');
    expect(seen.at(-1)).toMatchObject({ allowOther: true, otherLabel: 'Else' });
    const order = screen.getByLabelText('Order of the choices') as HTMLSelectElement;
    expect([...order.options].map((option) => option.textContent)).toEqual([
      'Keep the order',
      'Shuffle for each respondent',
      'Shuffle, keep the last one last',
    ]);
    await user.selectOptions(order, 'ALL_BUT_LAST');
    expect(seen.at(-1)).toMatchObject({ shuffle: 'ALL_BUT_LAST' });
  });

  it('edits a grid’s rows and columns as lists whose pasted lines become items', async () => {
    const user = userEvent.setup();
    const paste = vi.fn();
    render(<Fields type="MATRIX" seen={[]} paste={paste} />);
    expect((screen.getByLabelText('Row 3 label') as HTMLInputElement).value).toBe('Row 3');
    expect((screen.getByLabelText('Column 5 label') as HTMLInputElement).value).toBe('Very satisfied');
    await user.click(screen.getByText('Add several rows at once'));
    await user.type(screen.getByLabelText('Rows, one per line'), 'Speed{Enter}Price');
    await user.click(screen.getByRole('button', { name: 'Add these rows' }));
    expect(paste).toHaveBeenCalledWith(2, ['Speed', 'Price'], false, 'rows');
    expect(screen.getByLabelText('Several answers per row (checkboxes)')).toBeDefined();
    expect((screen.getByLabelText('Order of the rows') as HTMLSelectElement).value).toBe('NONE');
  });

  it('writes a date-and-time limit with the offset of the builder’s zone, and a time as typed', () => {
    const seen: Config[] = [];
    render(<Fields type="DATE_TIME" seen={seen} />);
    const earliest = screen.getByLabelText('Earliest date and time') as HTMLInputElement;
    expect(earliest.type).toBe('datetime-local');
    fireEvent.change(earliest, { target: { value: '2026-12-01T09:00' } });
    expect(String(seen.at(-1)?.min)).toMatch(/^2026-12-01T09:00[+-]\d\d:\d\d$/);
    expect(screen.getByText(/saved with its offset: 2026-12-01 at 09:00/)).toBeDefined();
    cleanup();
    const times: Config[] = [];
    render(<Fields type="TIME" seen={times} />);
    const latest = screen.getByLabelText('Latest time') as HTMLInputElement;
    expect(latest.type).toBe('time');
    fireEvent.change(latest, { target: { value: '17:30' } });
    expect(times.at(-1)).toEqual({ max: '17:30' });
  });
});
