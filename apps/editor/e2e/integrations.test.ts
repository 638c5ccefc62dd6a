import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { apiOf } from './support/api.ts';
import { accessibilityViolations } from './support/browser.ts';
import { withServerAndBrowser } from './support/setup.ts';

/** Integrations: a builder adds a webhook, copies its secret, sends a test and sees it delivered. */

// The receiver below listens on 127.0.0.1, which the server refuses unless told otherwise.
const run = withServerAndBrowser({ WEBHOOK_ALLOW_PRIVATE_TARGETS: 'true' });
/** A folder to keep a picture of each screen in, for a person to look at. */
const SHOTS = process.env.E2E_SCREENSHOTS;

interface Received {
  headers: IncomingMessage['headers'];
  body: string;
}

describe('the Integrations screen', () => {
  let receiver: Server;
  let receiverUrl: string;
  const received: Received[] = [];
  beforeAll(async () => {
    receiver = createServer(async (req, res) => {
      const chunks: Buffer[] = [];
      for await (const chunk of req) chunks.push(chunk as Buffer);
      received.push({ headers: req.headers, body: Buffer.concat(chunks).toString('utf8') });
      res.writeHead(204).end();
    });
    await new Promise<void>((resolve) => receiver.listen(0, '127.0.0.1', resolve));
    receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/forms`;
  });
  afterAll(async () => {
    receiver.closeAllConnections();
    await new Promise((resolve) => receiver.close(resolve));
  });

  it('adds an endpoint with the keyboard, shows the secret once, sends a test and shows it delivered', async () => {
    const api = apiOf(run.server.url);
    const q = await api.questionnaire('Integrated survey', {
      schemaVersion: 1,
      questions: [{ id: 'q1', code: 'name', type: 'SHORT_TEXT', prompt: 'Your name' }],
    });
    const context = await run.browser.newContext({ viewport: { width: 1400, height: 1000 } });
    await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: run.server.url });
    const page = await context.newPage();
    const errors: string[] = [];
    page.on('pageerror', (error) => errors.push(error.message));
    await page.goto(`${run.server.url}/questionnaires/${q.id}`);
    await page.getByRole('link', { name: 'Integrations' }).click();
    await page.getByText('No webhooks yet.').waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);

    // A typo is explained in words next to the field before anything is sent.
    const address = page.getByLabel('Address that receives the events');
    await address.fill('ftp://example.com/hook');
    await address.press('Tab');
    await page.getByText('Use an address that starts with https://').waitFor();

    // Keyboard only: type the address, tick one more event, add.
    await address.fill(receiverUrl);
    await address.press('Tab');
    expect(await page.getByRole('checkbox', { name: 'A response is completed (with its answers)' }).isChecked()).toBe(
      true,
    );
    await page.keyboard.press('Space'); // the focus is on the first event: a response is started
    expect(await page.getByRole('checkbox', { name: 'A response is started' }).isChecked()).toBe(true);
    for (let i = 0; i < 4; i++) await page.keyboard.press('Tab'); // past the other three events
    expect(await page.evaluate(() => document.activeElement?.getAttribute('placeholder'))).toBe(
      'What this endpoint is for',
    );
    await page.keyboard.type('Our CRM');
    await page.keyboard.press('Tab');
    await page.keyboard.press('Enter');

    const secretText = page.locator('.secret-notice code');
    await secretText.waitFor();
    // The focus moves to the secret, which is shown only now.
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Signing secret for Our CRM');
    const secret = (await secretText.textContent()) ?? '';
    expect(secret).toMatch(/^whsec_/);
    await page.getByRole('button', { name: 'Copy secret' }).click();
    await page.getByRole('status').filter({ hasText: 'Secret copied' }).waitFor();
    expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
    const card = page.getByRole('article', { name: 'Our CRM' });
    await card.waitFor();
    expect(await accessibilityViolations(page)).toEqual([]);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/integrations-added.png`, fullPage: true });
    await page.getByRole('button', { name: 'I have saved it' }).click();
    expect(await page.locator('.secret-notice').count()).toBe(0);

    await card.getByRole('button', { name: 'Send test to Our CRM' }).click();
    await card.getByRole('cell', { name: 'Delivered' }).waitFor();
    const row = card.getByRole('row').filter({ hasText: 'Test send' });
    expect(await row.getByRole('cell').nth(2).textContent()).toBe('1');
    expect(await row.getByRole('cell').nth(3).textContent()).toBe('HTTP 204');

    // The receiver got the test, and the standardwebhooks library verifies it with the copied secret.
    expect(received).toHaveLength(1);
    const [request] = received as [Received];
    const payload = new Webhook(secret).verify(request.body, request.headers as Record<string, string>);
    expect(payload).toEqual({
      type: 'webhook.test',
      timestamp: expect.any(String),
      data: { questionnaireId: q.id, webhookId: expect.any(String) },
    });

    // Redeliver: the same event again, as a second delivery.
    await row.getByRole('button', { name: /^Redeliver the test send event/ }).click();
    await expect.poll(() => card.getByRole('cell', { name: 'Delivered' }).count()).toBe(2);
    expect(received[1]?.headers['webhook-id']).toBe(request.headers['webhook-id']);

    // Turning it off shows it, and a test send is not offered.
    await card.getByRole('button', { name: 'Turn off Our CRM' }).click();
    await card.getByText('Off', { exact: true }).waitFor();
    expect(await card.getByRole('button', { name: 'Send test to Our CRM' }).isDisabled()).toBe(true);
    if (SHOTS) await page.screenshot({ path: `${SHOTS}/integrations-delivered.png`, fullPage: true });
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(errors).toEqual([]);
    await context.close();
  });

  it('explains a bad address in words next to the field and adds nothing', async () => {
    const api = apiOf(run.server.url);
    const q = await api.questionnaire('Refusals', { schemaVersion: 1, questions: [] }, { publish: false });
    const context = await run.browser.newContext({ viewport: { width: 1400, height: 1000 } });
    const page = await context.newPage();
    await page.goto(`${run.server.url}/questionnaires/${q.id}/integrations`);
    await page.getByLabel('Address that receives the events').fill('https://user:secret@example.com/hook');
    await page.getByRole('button', { name: 'Add webhook' }).click();
    await page.getByText('Leave the user name and password out of the address').waitFor();
    expect(await api.ok<unknown[]>('GET', `/api/v1/questionnaires/${q.id}/webhooks`)).toEqual([]);
    await context.close();
  });
});
