import { act, cleanup, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, type RouteObject } from 'react-router';
import { afterEach, describe, expect, it } from 'vitest';
import { ScreenError, ScreenFrame, ScreenLoading } from './route-states.tsx';
import { routes } from './routes.tsx';
import { renderWithApi } from './test/fake-api.tsx';

afterEach(cleanup);

const emptyList = {
  'questionnaires.list': (input: { page: number; size: number }) => ({
    items: [],
    page: 0,
    size: input.size,
    total: 0,
  }),
};

/** A promise the test settles when it chooses: a screen's code "arriving". */
function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** Two screens in the real frame: `/` links to `/next`, whose code loads through `load`. */
function framed(load: () => Promise<{ Component: () => React.ReactNode }>): RouteObject[] {
  return [
    {
      element: <ScreenFrame />,
      hydrateFallbackElement: <ScreenLoading />,
      errorElement: <ScreenError />,
      children: [
        {
          index: true,
          element: (
            <>
              <h1>First screen</h1>
              <Link to="/next">Next screen</Link>
              <Link to="/next#part">Part of the next screen</Link>
            </>
          ),
        },
        { path: 'next', lazy: load },
      ],
    },
  ];
}

const NextScreen = () => (
  <>
    <h1>Next screen</h1>
    <h2 id="part">A part of it</h2>
  </>
);

describe('screens load as their own chunks', () => {
  it('shows the header and a polite loading line until the first screen’s code arrives', async () => {
    renderWithApi(routes, { url: '/', handlers: emptyList });
    // The header is in the entry: it is there at once, and so is the announced wait.
    expect(screen.getByRole('link', { name: 'Forms Engine' })).toBeDefined();
    expect(screen.getByRole('status').textContent).toBe('Loading…');
    expect(await screen.findByRole('heading', { name: 'Questionnaires' })).toBeDefined();
    expect(screen.queryByText('Loading…')).toBeNull();
  });

  it('keeps the current screen while the next one loads and announces a slow load politely', async () => {
    const user = userEvent.setup();
    const code = deferred<{ Component: () => React.ReactNode }>();
    renderWithApi(
      framed(() => code.promise),
      { url: '/', handlers: {} },
    );
    await user.click(await screen.findByRole('link', { name: 'Next screen' }));
    const status = screen.getByRole('status');
    expect(status.textContent).toBe('');
    await waitFor(() => expect(status.textContent).toBe('Loading the page…'));
    expect(screen.getByRole('heading', { name: 'First screen' })).toBeDefined();
    await act(async () => code.resolve({ Component: NextScreen }));
    expect(await screen.findByRole('heading', { name: 'Next screen' })).toBeDefined();
    await waitFor(() => expect(screen.getByRole('status').textContent).toBe(''));
  });

  it('says in words when a screen’s code cannot be loaded, with a way to reload', async () => {
    const user = userEvent.setup();
    const code = deferred<{ Component: () => React.ReactNode }>();
    const quiet = console.error;
    console.error = () => {};
    try {
      renderWithApi(
        framed(() => code.promise),
        { url: '/', handlers: {} },
      );
      await user.click(await screen.findByRole('link', { name: 'Next screen' }));
      await act(async () =>
        code.reject(new TypeError('Failed to fetch dynamically imported module: /assets/next-abc.js')),
      );
      expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeDefined();
      expect(screen.getByRole('button', { name: 'Reload the page' })).toBeDefined();
      expect(screen.getByRole('link', { name: 'Back to the questionnaires' })).toBeDefined();
      expect(document.body.textContent).not.toMatch(/TypeError|assets\//);
    } finally {
      console.error = quiet;
    }
  });

  it('follows a link to a part of a screen: the focus moves there once it is rendered', async () => {
    const user = userEvent.setup();
    renderWithApi(
      framed(async () => ({ Component: NextScreen })),
      { url: '/', handlers: {} },
    );
    await user.click(await screen.findByRole('link', { name: 'Part of the next screen' }));
    const part = await screen.findByRole('heading', { name: 'A part of it' });
    await waitFor(() => expect(document.activeElement).toBe(part));
  });
});
