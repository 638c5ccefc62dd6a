import type { Me } from '@forms-engine/schema';
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it } from 'vitest';
import { routes } from '../routes.tsx';
import { ANA, unauthorized } from '../test/accounts.ts';
import { FakeProblem, type Handlers, renderWithApi } from '../test/fake-api.tsx';

afterEach(cleanup);

const emptyList = {
  'questionnaires.list': (input: { size: number }) => ({ items: [], page: 0, size: input.size, total: 0 }),
};

/** Accounts mode, nobody signed in until `signIn()` is called. */
function accounts(extra: Handlers = {}, needed = false) {
  let me: Me | undefined;
  const handlers: Handlers = {
    ...emptyList,
    'auth.me': () => me ?? unauthorized(),
    'auth.setupStatus': () => ({ needed }),
    'auth.login': (input: { email: string; password: string }) => {
      if (input.password !== 'correct horse battery') {
        throw new FakeProblem({ code: 'INVALID_CREDENTIALS', status: 401, detail: 'Wrong email or password' });
      }
      me = ANA;
    },
    'auth.logout': () => {
      me = undefined;
    },
    ...extra,
  };
  return { handlers, signOutOnServer: () => (me = undefined), signIn: () => (me = ANA) };
}

describe('open mode (no accounts)', () => {
  it('is today’s editor: no sign-in, no sign-out, no team screens', async () => {
    renderWithApi(routes, { url: '/', handlers: emptyList });
    expect(await screen.findByRole('heading', { name: 'Questionnaires' })).toBeDefined();
    expect(screen.queryByRole('button', { name: 'Sign out' })).toBeNull();
    expect(screen.queryByRole('navigation', { name: 'Team' })).toBeNull();
    expect(screen.getByRole('link', { name: 'API docs' })).toBeDefined();
  });

  it('still asks for the management token when the server wants one', async () => {
    renderWithApi(routes, { url: '/', handlers: { 'questionnaires.list': unauthorized } });
    expect(await screen.findByRole('heading', { name: 'Management token' })).toBeDefined();
  });

  it('treats a 401 without accounts (a token guard in front of everything) as open mode', async () => {
    renderWithApi(routes, {
      url: '/',
      handlers: { 'auth.me': unauthorized, 'auth.setupStatus': unauthorized, 'questionnaires.list': unauthorized },
    });
    expect(await screen.findByRole('heading', { name: 'Management token' })).toBeDefined();
    expect(screen.queryByRole('heading', { name: 'Sign in' })).toBeNull();
  });
});

describe('accounts mode', () => {
  it('sets up the first owner with the code from the server’s log, then opens the editor as them', async () => {
    const user = userEvent.setup();
    const api = renderWithApi(routes, {
      url: '/',
      handlers: accounts({ 'auth.setup': (input: { name: string }) => ({ ...ANA, name: input.name }) }, true).handlers,
    });
    expect(await screen.findByRole('heading', { name: 'Set up Forms Engine' })).toBeDefined();
    const code = screen.getByLabelText('Setup code');
    // Where to find the code, said next to the field and read with it.
    expect(code.getAttribute('aria-describedby')).toBeTruthy();
    expect(screen.getByText(/the line that says “setup code”/)).toBeDefined();
    expect(screen.getByText(/At least 12 characters/)).toBeDefined();

    await user.type(code, 'XK7-42QP');
    await user.type(screen.getByLabelText('Your email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Your name'), 'Ana');
    await user.type(screen.getByLabelText('Password'), 'too short');
    await user.keyboard('{Enter}');
    expect(await screen.findByText('Use at least 12 characters')).toBeDefined();
    expect(api.callsTo('auth.setup')).toHaveLength(0);

    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'correct horse battery{Enter}');
    expect(await screen.findByRole('heading', { name: 'Questionnaires' })).toBeDefined();
    expect(api.callsTo('auth.setup')[0]?.input).toEqual({
      code: 'XK7-42QP',
      email: 'ana@example.com',
      name: 'Ana',
      password: 'correct horse battery',
    });
    expect(screen.getByText('Ana')).toBeDefined();
    expect(screen.getByRole('button', { name: 'Sign out' })).toBeDefined();
  });

  it('says in words that a setup code is wrong, next to the field', async () => {
    const user = userEvent.setup();
    renderWithApi(routes, {
      url: '/',
      handlers: accounts(
        {
          'auth.setup': () => {
            throw new FakeProblem({ code: 'FORBIDDEN', status: 403, detail: 'Forbidden' });
          },
        },
        true,
      ).handlers,
    });
    await user.type(await screen.findByLabelText('Setup code'), 'wrong');
    await user.type(screen.getByLabelText('Your email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Your name'), 'Ana');
    await user.type(screen.getByLabelText('Password'), 'correct horse battery{Enter}');
    const message = await screen.findByText(/That setup code is not right/);
    expect(screen.getByLabelText('Setup code').getAttribute('aria-describedby')).toContain(message.id);
  });

  it('signs in, refusing a wrong password in words, and signs out from the header', async () => {
    const user = userEvent.setup();
    const api = renderWithApi(routes, { url: '/', handlers: accounts().handlers });
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeDefined();
    await user.type(screen.getByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'not the one{Enter}');
    expect((await screen.findByRole('alert')).textContent).toBe(
      'The email or the password is not right. Check both and try again.',
    );
    await user.clear(screen.getByLabelText('Password'));
    await user.type(screen.getByLabelText('Password'), 'correct horse battery{Enter}');
    expect(await screen.findByRole('heading', { name: 'Questionnaires' })).toBeDefined();
    const header = screen.getByRole('banner');
    expect(within(header).getByText('Ana')).toBeDefined();
    expect(within(header).getByText('· Owner')).toBeDefined();
    // Owners reach the team's screens from the header.
    const team = within(header).getByRole('navigation', { name: 'Team' });
    expect(
      within(team)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual(['Members', 'API keys', 'Audit log']);

    await user.click(within(header).getByRole('button', { name: 'Sign out' }));
    expect(await screen.findByRole('heading', { name: 'Sign in' })).toBeDefined();
    expect(api.callsTo('auth.logout')).toHaveLength(1);
    expect(screen.queryByText('Ana')).toBeNull();
  });

  it('forgets a management token this tab kept from open mode: the session cookie is what counts', async () => {
    sessionStorage.setItem('forms-engine.management-token', 'old-token');
    renderWithApi(routes, { url: '/', handlers: accounts().handlers });
    await screen.findByRole('heading', { name: 'Sign in' });
    expect(sessionStorage.getItem('forms-engine.management-token')).toBeNull();
  });

  it('says a locked email must wait, in words', async () => {
    const user = userEvent.setup();
    renderWithApi(routes, {
      url: '/',
      handlers: accounts({
        'auth.login': () => {
          throw new FakeProblem({ code: 'RATE_LIMITED', status: 429, detail: 'Too many requests' });
        },
      }).handlers,
    });
    await user.type(await screen.findByLabelText('Email'), 'ana@example.com');
    await user.type(screen.getByLabelText('Password'), 'whatever it is{Enter}');
    expect((await screen.findByRole('alert')).textContent).toMatch(/Too many failed attempts for this email\. Wait/);
  });

  it('asks to sign in again when the session ends, keeping what was typed on the screen', async () => {
    const user = userEvent.setup();
    const state = accounts();
    state.signIn();
    let failCreate = true;
    renderWithApi(routes, {
      url: '/',
      handlers: {
        ...state.handlers,
        'questionnaires.create': () => {
          if (failCreate) unauthorized();
          return { id: 'q1' };
        },
      },
    });
    const name = await screen.findByLabelText('New questionnaire');
    await user.type(name, 'Volunteer application');
    state.signOutOnServer();
    await user.click(screen.getByRole('button', { name: 'Create' }));
    const dialog = await screen.findByRole('dialog', { name: 'Your session has ended' });
    expect(within(dialog).getByText(/Nothing you typed is lost/)).toBeDefined();
    expect(within(dialog).getByText('You were signed in as ana@example.com.')).toBeDefined();
    failCreate = false;
    await user.type(within(dialog).getByLabelText('Email'), 'ana@example.com');
    await user.type(within(dialog).getByLabelText('Password'), 'correct horse battery{Enter}');
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect((screen.getByLabelText('New questionnaire') as HTMLInputElement).value).toBe('Volunteer application');
  });
});
