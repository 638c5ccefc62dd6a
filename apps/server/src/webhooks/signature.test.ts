import { Webhook } from 'standardwebhooks';
import { describe, expect, it } from 'vitest';
import { newWebhookSecret } from './secret-box.ts';
import { signatureHeader } from './signature.ts';

describe('signatureHeader', () => {
  const body = JSON.stringify({ type: 'webhook.test', timestamp: '2026-11-24T10:00:00.000Z', data: { ü: '✓' } });
  const timestamp = Math.floor(Date.now() / 1000);

  it('signs exactly as the standardwebhooks reference library does', () => {
    const secret = newWebhookSecret();
    expect(signatureHeader([secret], 'msg_1', timestamp, body)).toBe(
      new Webhook(secret).sign('msg_1', new Date(timestamp * 1000), body),
    );
  });

  it('is verified by the reference library with either secret while two are sent', () => {
    const [current, previous, stranger] = [newWebhookSecret(), newWebhookSecret(), newWebhookSecret()];
    const headers = {
      'webhook-id': 'msg_2',
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signatureHeader([current, previous], 'msg_2', timestamp, body),
    };
    expect(headers['webhook-signature']).toMatch(/^v1,\S+ v1,\S+$/);
    expect(new Webhook(current).verify(body, headers)).toEqual(JSON.parse(body));
    expect(new Webhook(previous).verify(body, headers)).toEqual(JSON.parse(body));
    expect(() => new Webhook(stranger).verify(body, headers)).toThrow(/No matching signature/);
  });

  it('makes secrets of whsec_ and base64 of 32 random bytes', () => {
    const secret = newWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9+/]+=*$/);
    expect(Buffer.from(secret.slice(6), 'base64')).toHaveLength(32);
    expect(newWebhookSecret()).not.toBe(secret);
  });
});
