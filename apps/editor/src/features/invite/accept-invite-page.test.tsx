import { cleanup, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../../routes.tsx';
import { CLEO } from '../../test/accounts.ts';
import { FakeProblem, renderWithApi } from '../../test/fake-api.tsx';

afterEach(cleanup);

const emptyList = {
  'questionnaires.list': (input: { size: number }) => ({ items: [], page: 0, size: input.size, total: 0 }),
};

describe('an invitation link', () => {
  it('asks for a name and a password (its rule in words), then opens the editor signed in', async () => {
    const user = userEvent.setup();
    const api = renderWithApi(routes, {
      url: '/invite/tok123',
      handlers: { ...emptyList, 'auth.acceptInvite': (input: { name: string }) => ({ ...CLEO, name: input.name }) },
    });
    expect(await screen.findByRole('heading', { name: 'Join Forms Engine' })).toBeDefined();
    expect(screen.getByText(/At least 12 characters/)).toBeDefined();
    // What a password manager needs to offer a new password for this person.
    expect(screen.getByLabelText('Your name').getAttribute('autocomplete')).toBe('name');
    expect(screen.getByLabelText('Password').getAttribute('autocomplete')).toBe('new-password');
    await user.type(screen.getByLabelText('Your name'), 'Cleo');
    await user.type(screen.getByLabelText('Password'), 'short{Enter}');
    expect(await screen.findByText('Use at least 12 characters')).toBeDefined();
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'a long enough password{Enter}');
    expect(await screen.findByRole('heading', { name: 'Questionnaires' })).toBeDefined();
    expect(api.callsTo('auth.acceptInvite')[0]?.input).toEqual({
      token: 'tok123',
      name: 'Cleo',
      password: 'a long enough password',
    });
    expect(screen.getByText('Cleo')).toBeDefined();
    expect(api.router.state.location.pathname).toBe('/');
  });

  it('explains a used or old link in words', async () => {
    const user = userEvent.setup();
    renderWithApi(routes, {
      url: '/invite/old',
      handlers: {
        'auth.acceptInvite': () => {
          throw new FakeProblem({ code: 'INVITE_EXPIRED', status: 410, detail: 'INVITE_EXPIRED' });
        },
      },
    });
    await user.type(await screen.findByLabelText('Your name'), 'Cleo');
    await user.type(screen.getByLabelText('Password'), 'a long enough password{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'This invitation link cannot be used any more: it was already used, cancelled by an owner, or it is more than 7 days old. Ask the owner who sent it for a new one.',
    );
    expect(screen.queryByLabelText('Password')).toBeNull();
  });
});
