import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { VersionSelect } from './version-select.tsx';

afterEach(cleanup);

const select = (value: string | null) => (
  <VersionSelect
    id="from"
    label="From"
    value={value}
    options={['1', '2', 'draft']}
    optionLabel={(option) => (option === 'draft' ? 'The draft' : `Version ${option}`)}
    onChange={() => {}}
  />
);

describe('VersionSelect', () => {
  it('keeps showing the latest choice while the URLs of earlier choices land late', async () => {
    const user = userEvent.setup();
    const { rerender } = render(select('1'));
    const from = screen.getByLabelText<HTMLSelectElement>('From');
    await user.selectOptions(from, '');
    await user.selectOptions(from, '2');
    rerender(select(null));
    expect(from.value).toBe('2');
    rerender(select('2'));
    expect(from.value).toBe('2');
  });

  it('follows a change of the URL made elsewhere, such as Back', () => {
    const { rerender } = render(select('1'));
    rerender(select('draft'));
    expect(screen.getByLabelText<HTMLSelectElement>('From').value).toBe('draft');
  });
});
