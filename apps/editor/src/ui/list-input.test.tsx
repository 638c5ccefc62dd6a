import { cleanup, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ListInput, type ListInputProps } from './list-input.tsx';

afterEach(cleanup);

function Harness(props: Partial<ListInputProps> & { initial?: string[]; onItems?: (items: string[]) => void }) {
  const [items, setItems] = useState(props.initial ?? []);
  return (
    <>
      <label htmlFor="types">Accepted file types</label>
      <ListInput
        id="types"
        label="Accepted file types"
        items={items}
        onChange={(next) => {
          setItems(next);
          props.onItems?.(next);
        }}
        {...props}
      />
      <button type="button">Elsewhere</button>
    </>
  );
}

const chips = () => {
  const list = screen.queryByRole('list', { name: 'Added accepted file types' });
  return list
    ? within(list)
        .queryAllByRole('listitem')
        .map((item) => item.firstChild?.textContent)
    : [];
};

describe('ListInput', () => {
  it('adds an item on each comma, on Enter and when focus leaves', async () => {
    const user = userEvent.setup();
    const onItems = vi.fn();
    render(<Harness onItems={onItems} />);
    await user.type(screen.getByLabelText('Accepted file types'), 'image/png, application/pdf');
    expect(chips()).toEqual(['image/png']);
    expect((screen.getByLabelText('Accepted file types') as HTMLInputElement).value).toBe(' application/pdf');
    await user.tab();
    expect(chips()).toEqual(['image/png', 'application/pdf']);
    expect(onItems).toHaveBeenLastCalledWith(['image/png', 'application/pdf']);
    await user.type(screen.getByLabelText('Accepted file types'), 'image/*{Enter}');
    expect(chips()).toEqual(['image/png', 'application/pdf', 'image/*']);
  });

  it('takes a pasted list at once, without duplicates', async () => {
    const user = userEvent.setup();
    render(<Harness initial={['DE']} normalize={(item) => item.toUpperCase()} />);
    await user.click(screen.getByLabelText('Accepted file types'));
    await user.paste('de, fr\ngb');
    await user.keyboard('{Enter}');
    expect(chips()).toEqual(['DE', 'FR', 'GB']);
  });

  it('keeps an item it refuses in the box, saying why', async () => {
    const user = userEvent.setup();
    render(<Harness validate={(item) => (item.includes('/') ? undefined : `“${item}” is not a file type.`)} />);
    const input = screen.getByLabelText('Accepted file types');
    await user.type(input, 'pdf{Enter}');
    expect(chips()).toEqual([]);
    expect((input as HTMLInputElement).value).toBe('pdf');
    expect(input.getAttribute('aria-invalid')).toBe('true');
    expect(screen.getByText('“pdf” is not a file type.')).toBeDefined();
  });

  it('removes an item with its button, and tells what is typed but not added yet', async () => {
    const user = userEvent.setup();
    const onPending = vi.fn();
    render(<Harness initial={['a/b', 'c/d']} onPendingChange={onPending} />);
    await user.click(screen.getByRole('button', { name: 'Remove a/b' }));
    expect(chips()).toEqual(['c/d']);
    await user.type(screen.getByLabelText('Accepted file types'), 'x');
    expect(onPending).toHaveBeenLastCalledWith('x');
  });
});
