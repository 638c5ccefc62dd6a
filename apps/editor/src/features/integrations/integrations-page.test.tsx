import { cleanup, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { FakeProblem, type Handlers, renderWithApi } from '../../test/fake-api.tsx';
import { IntegrationsPage } from './integrations-page.tsx';

afterEach(cleanup);

const routes = [{ path: '/questionnaires/:questionnaireId/integrations', element: <IntegrationsPage /> }];
const url = '/questionnaires/q1/integrations';

const webhook = (extra: Record<string, unknown> = {}) => ({
  id: 'w1',
  url: 'https://crm.example.com/hook',
  events: ['response.completed'],
  enabled: true,
  createdAt: '2026-11-01T10:00:00.000Z',
  updatedAt: '2026-11-01T10:00:00.000Z',
  ...extra,
});

function handlers(overrides: Handlers = {}): Handlers {
  return {
    'webhooks.list': () => [webhook()],
    'webhooks.deliveries': (input: { page: number; size: number }) => ({
      items: [
        {
          id: 'd2',
          eventId: 'e2',
          eventType: 'response.completed',
          status: 'PENDING',
          attempts: 2,
          lastStatusCode: 500,
          lastError: 'Answered 500: database down',
          createdAt: '2026-11-01T10:05:00.000Z',
          lastAttemptAt: '2026-11-01T10:06:00.000Z',
          nextAttemptAt: '2026-11-01T10:36:00.000Z',
        },
        {
          id: 'd1',
          eventId: 'e1',
          eventType: 'webhook.test',
          status: 'SUCCEEDED',
          attempts: 1,
          lastStatusCode: 204,
          createdAt: '2026-11-01T10:01:00.000Z',
          lastAttemptAt: '2026-11-01T10:01:00.000Z',
        },
      ],
      page: input.page,
      size: input.size,
      total: 2,
    }),
    ...overrides,
  };
}

describe('the Integrations screen', () => {
  it('shows each webhook and its deliveries in words', async () => {
    renderWithApi(routes, { url, handlers: handlers() });
    const card = await screen.findByRole('article', { name: 'https://crm.example.com/hook' });
    expect(within(card).getByText(/Sends when: a response is completed \(with its answers\)\./)).toBeDefined();
    const table = await within(card).findByRole('table', { name: 'Deliveries' });
    const [, retrying, delivered] = within(table).getAllByRole('row') as HTMLElement[];
    expect(within(retrying!).getByText('A response is completed (with its answers)')).toBeDefined();
    expect(within(retrying!).getByText('Will try again', { exact: false })).toBeDefined();
    expect(within(retrying!).getByText('HTTP 500')).toBeDefined();
    expect(within(retrying!).getByText('Answered 500: database down')).toBeDefined();
    expect(within(delivered!).getByText('Test send')).toBeDefined();
    expect(within(delivered!).getByText('Delivered')).toBeDefined();
  });

  it('shows the server refusing an address next to the field, in its words', async () => {
    const user = userEvent.setup();
    renderWithApi(routes, {
      url,
      handlers: handlers({
        'webhooks.list': () => [],
        'webhooks.create': () => {
          throw new FakeProblem({
            code: 'VALIDATION_FAILED',
            detail: 'The webhook URL is refused: 10.0.0.7 is a private network, which webhooks may not call',
            errors: [{ path: 'url', message: '10.0.0.7 is a private network, which webhooks may not call' }],
          });
        },
      }),
    });
    await screen.findByText('No webhooks yet.');
    const address = screen.getByLabelText('Address that receives the events');
    await user.type(address, 'https://intranet.example.com/hook');
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    const message = await screen.findByText('10.0.0.7 is a private network, which webhooks may not call');
    expect(address.getAttribute('aria-invalid')).toBe('true');
    expect(address.getAttribute('aria-describedby')).toBe(message.id);
    // Said once, next to the field, not again as a general alert.
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('sends the chosen events and shows the secret once', async () => {
    const user = userEvent.setup();
    const api = renderWithApi(routes, {
      url,
      handlers: handlers({
        'webhooks.list': () => [],
        'webhooks.create': (input: { url: string; events: string[] }) => ({
          ...webhook({ url: input.url, events: input.events }),
          secret: 'whsec_c2VjcmV0',
        }),
      }),
    });
    await screen.findByText('No webhooks yet.');
    await user.type(screen.getByLabelText('Address that receives the events'), 'https://crm.example.com/hook');
    await user.click(screen.getByRole('checkbox', { name: 'A version is published' }));
    await user.click(screen.getByRole('checkbox', { name: 'A response is completed (with its answers)' }));
    await user.click(screen.getByRole('button', { name: 'Add webhook' }));
    expect(await screen.findByText('whsec_c2VjcmV0')).toBeDefined();
    expect(api.callsTo('webhooks.create').map((call) => call.input)).toEqual([
      { id: 'q1', url: 'https://crm.example.com/hook', events: ['questionnaire.published'] },
    ]);
    const writeText = vi.fn(async () => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });
    const notice = screen.getByRole('region', { name: 'Signing secret for https://crm.example.com/hook' });
    await user.click(within(notice).getByRole('button', { name: 'Copy secret' }));
    expect(writeText).toHaveBeenCalledWith('whsec_c2VjcmV0');
    expect(within(notice).getByRole('status').textContent).toBe('Secret copied');
    await user.click(screen.getByRole('button', { name: 'I have saved it' }));
    expect(screen.queryByText('whsec_c2VjcmV0')).toBeNull();
  });

  it('explains a webhook the service turned off, and offers no test send', async () => {
    renderWithApi(routes, {
      url,
      handlers: handlers({
        'webhooks.list': () => [
          webhook({
            enabled: false,
            disabledReason:
              'The receiver answered 410 Gone on 2026-11-01T10:00:00.000Z, so the service stopped sending.',
          }),
        ],
      }),
    });
    const card = await screen.findByRole('article', { name: 'https://crm.example.com/hook' });
    expect(within(card).getByText(/answered 410 Gone/)).toBeDefined();
    expect(within(card).getByText(/Turned off: nothing is sent to it/)).toBeDefined();
    expect((within(card).getByRole('button', { name: /^Send test/ }) as HTMLButtonElement).disabled).toBe(true);
    expect(within(card).getByRole('button', { name: /^Turn on/ })).toBeDefined();
  });
});
