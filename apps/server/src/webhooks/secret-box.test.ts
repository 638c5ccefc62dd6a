import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { keyFileFor, newWebhookSecret, SecretBox } from './secret-box.ts';

describe('SecretBox', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), 'fe-secret-box-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('seals so that only the same key and webhook open it, never showing the secret', async () => {
    const box = new SecretBox({ key: randomBytes(32), keyFile: '' });
    const secret = newWebhookSecret();
    const envelope = await box.seal(secret, 'webhook-1');
    expect(envelope).not.toContain(secret.slice(6));
    expect(envelope.startsWith(`v1.${await box.keyId()}.`)).toBe(true);
    expect(await box.open(envelope, 'webhook-1')).toBe(secret);
    expect(await box.seal(secret, 'webhook-1')).not.toBe(envelope);
    // Copied onto another webhook's row, it does not open.
    await expect(box.open(envelope, 'webhook-2')).rejects.toThrow();
    const stranger = new SecretBox({ key: randomBytes(32), keyFile: '' });
    await expect(stranger.open(envelope, 'webhook-1')).rejects.toThrow(/another key/);
    const [version, id, iv, ciphertext, tag] = envelope.split('.');
    const flipped = Buffer.from(ciphertext as string, 'base64url');
    flipped[0] = (flipped[0] as number) ^ 1;
    await expect(
      box.open([version, id, iv, flipped.toString('base64url'), tag].join('.'), 'webhook-1'),
    ).rejects.toThrow();
  });

  it('makes one key file in DATA_DIR, readable by its owner only, and every box sharing it agrees', async () => {
    const keyFile = keyFileFor(join(dataDir, 'nested'));
    const boxes = Array.from({ length: 5 }, () => new SecretBox({ key: undefined, keyFile }));
    const ids = await Promise.all(boxes.map((box) => box.keyId()));
    expect(new Set(ids).size).toBe(1);
    expect(Buffer.from((await readFile(keyFile, 'utf8')).trim(), 'base64')).toHaveLength(32);
    expect((await stat(keyFile)).mode & 0o777).toBe(0o600);
    const envelope = await (boxes[0] as SecretBox).seal('whsec_abc', 'w');
    expect(await new SecretBox({ key: undefined, keyFile }).open(envelope, 'w')).toBe('whsec_abc');
  });
});
