import { createCipheriv, createDecipheriv, createHash, randomBytes } from 'node:crypto';
import { link, mkdir, readFile, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';

/**
 * Signing secrets at rest. The sender needs each secret itself to sign (a hash would not do),
 * so the database holds AES-256-GCM envelopes and the key lives outside it: WEBHOOK_SECRET_KEY,
 * or a key file made once in DATA_DIR. A dump of the database alone hands out no secret.
 *
 * Envelope: `v1.<key id>.<iv>.<ciphertext>.<tag>` (base64url). The key id lets a process tell
 * the envelopes it can open (see the senders' claim), and the webhook id is bound in as
 * associated data, so an envelope copied onto another webhook's row does not open.
 */
export class SecretBox {
  private key: Promise<{ key: Buffer; id: string }> | undefined;

  constructor(private readonly source: { key: Buffer | undefined; keyFile: string }) {}

  /** Which key this process holds; envelopes made with another key name a different id. */
  async keyId(): Promise<string> {
    return (await this.loadKey()).id;
  }

  async seal(secret: string, webhookId: string): Promise<string> {
    const { key, id } = await this.loadKey();
    const iv = randomBytes(12);
    const cipher = createCipheriv('aes-256-gcm', key, iv).setAAD(Buffer.from(webhookId));
    const ciphertext = Buffer.concat([cipher.update(secret, 'utf8'), cipher.final()]);
    return ['v1', id, iv, ciphertext, cipher.getAuthTag()]
      .map((part) => (typeof part === 'string' ? part : part.toString('base64url')))
      .join('.');
  }

  async open(envelope: string, webhookId: string): Promise<string> {
    const { key, id } = await this.loadKey();
    const [version, keyId, iv, ciphertext, tag] = envelope.split('.');
    if (version !== 'v1' || keyId !== id || !iv || !ciphertext || !tag) {
      throw new Error('The webhook secret was sealed with another key (set the same WEBHOOK_SECRET_KEY everywhere)');
    }
    const decipher = createDecipheriv('aes-256-gcm', key, Buffer.from(iv, 'base64url'))
      .setAAD(Buffer.from(webhookId))
      .setAuthTag(Buffer.from(tag, 'base64url'));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, 'base64url')), decipher.final()]).toString('utf8');
  }

  private loadKey() {
    this.key ??= (async () => {
      const key = this.source.key ?? (await readOrCreateKeyFile(this.source.keyFile));
      return { key, id: createHash('sha256').update(key).digest('hex').slice(0, 16) };
    })();
    return this.key;
  }
}

/** A new signing secret as the Standard Webhooks specification writes them: `whsec_` + base64. */
export const newWebhookSecret = (): string => `whsec_${randomBytes(32).toString('base64')}`;

export const keyFileFor = (dataDir: string) => join(dataDir, 'webhook-secrets.key');

/**
 * The key file, made on first use: written whole under a temporary name, then linked into place,
 * which fails if the file exists. Processes sharing DATA_DIR that start together so all read the
 * one key that was linked first, never a half-written file.
 */
async function readOrCreateKeyFile(path: string): Promise<Buffer> {
  await mkdir(dirname(path), { recursive: true });
  const temporary = `${path}.${randomBytes(6).toString('hex')}.tmp`;
  await writeFile(temporary, `${randomBytes(32).toString('base64')}\n`, { mode: 0o600 });
  try {
    await link(temporary, path);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
  } finally {
    await rm(temporary, { force: true });
  }
  const key = Buffer.from((await readFile(path, 'utf8')).trim(), 'base64');
  if (key.length !== 32) throw new Error(`${path} does not hold a 32-byte base64 key`);
  return key;
}
