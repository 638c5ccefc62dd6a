import type { CreatedWebhook, Webhook } from '@forms-engine/schema';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ResolvedAddress } from '../src/webhooks/target-policy.ts';
import { errorPaths, expectProblem } from './expect-problem.ts';
import { createPublished, createQuestionnaire } from './factories.ts';
import { call, startTestServer, type TestServer } from './harness.ts';
import { deliveriesOf, waitForDeliveries } from './webhook-helpers.ts';
import { WebhookReceiver } from './webhook-receiver.ts';

/** A public address no test ever connects to (nothing here sends to it: see the rebinding test). */
const PUBLIC_ADDRESS = '93.184.216.34';

/**
 * The management API of webhooks, with private targets refused (the default). Host names are
 * resolved by a table the tests control, so a name can point at a public address at creation
 * and at this machine afterwards (DNS rebinding).
 */
describe('webhooks API with private targets refused', () => {
  let server: TestServer;
  let receiver: WebhookReceiver;
  const dns = new Map<string, ResolvedAddress[]>();
  const lookups: string[] = [];

  beforeAll(async () => {
    receiver = await WebhookReceiver.start();
    server = await startTestServer(
      { WEBHOOK_TIMEOUT_SECONDS: '1', WEBHOOK_RETRY_SCHEDULE_SECONDS: '60' },
      {
        deps: () => ({
          resolveHost: async (hostname) => {
            lookups.push(hostname);
            const addresses = dns.get(hostname);
            if (!addresses) throw Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: 'ENOTFOUND' });
            return addresses;
          },
        }),
      },
    );
  });
  afterAll(async () => {
    await server.close();
    await receiver.close();
  });

  const webhooksOf = (questionnaireId: string) => `/api/v1/questionnaires/${questionnaireId}/webhooks`;
  const create = (questionnaireId: string, body: unknown) => call(server, 'POST', webhooksOf(questionnaireId), body);

  it('creates, lists oldest first, reads, changes and deletes webhooks; the secret is shown once', async () => {
    dns.set('hooks.example.com', [{ address: PUBLIC_ADDRESS, family: 4 }]);
    const questionnaire = await createQuestionnaire(server);
    const first = await create(questionnaire.id, {
      url: 'https://hooks.example.com/forms',
      events: ['response.completed', 'response.created', 'response.completed'],
      description: 'CRM',
    });
    expect(first.status).toBe(201);
    const created = first.body as CreatedWebhook;
    expect(first.headers.get('location')).toBe(`${webhooksOf(questionnaire.id)}/${created.id}`);
    expect(created).toEqual({
      id: expect.any(String),
      url: 'https://hooks.example.com/forms',
      // Repeats dropped, in the documented order.
      events: ['response.created', 'response.completed'],
      enabled: true,
      description: 'CRM',
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
      secret: expect.stringMatching(/^whsec_[A-Za-z0-9+/]{43}=$/),
    });
    expect(Buffer.from(created.secret.slice(6), 'base64')).toHaveLength(32);
    const second = await create(questionnaire.id, {
      url: `http://${PUBLIC_ADDRESS}:8080/hook`,
      events: ['questionnaire.published'],
      enabled: false,
    });
    expect(second.status).toBe(201);
    expect(second.body).not.toHaveProperty('description');

    const list = await call(server, 'GET', webhooksOf(questionnaire.id));
    expect(list.status).toBe(200);
    expect((list.body as Webhook[]).map((webhook) => webhook.id)).toEqual([created.id, second.body.id]);
    for (const webhook of list.body as Webhook[]) expect(webhook).not.toHaveProperty('secret');
    const one = await call(server, 'GET', `${webhooksOf(questionnaire.id)}/${created.id}`);
    const { secret: _secret, ...withoutSecret } = created;
    expect(one.body).toEqual(withoutSecret);

    const nothing = await call(server, 'PATCH', `${webhooksOf(questionnaire.id)}/${created.id}`, {});
    expect(nothing.body).toEqual(withoutSecret);

    const patched = await call(server, 'PATCH', `${webhooksOf(questionnaire.id)}/${created.id}`, {
      events: ['response.deleted'],
      description: '',
      enabled: false,
    });
    expect(patched.status).toBe(200);
    expect(patched.body).toMatchObject({ events: ['response.deleted'], enabled: false });
    expect(patched.body).not.toHaveProperty('description');
    expect(patched.body).not.toHaveProperty('secret');

    expect((await call(server, 'DELETE', `${webhooksOf(questionnaire.id)}/${created.id}`)).status).toBe(204);
    expectProblem(await call(server, 'GET', `${webhooksOf(questionnaire.id)}/${created.id}`), 404, 'NOT_FOUND');
    expect((await call(server, 'GET', webhooksOf(questionnaire.id))).body).toHaveLength(1);
  });

  it('keeps secrets out of the database in the clear', async () => {
    dns.set('vault.example.com', [{ address: PUBLIC_ADDRESS, family: 4 }]);
    const questionnaire = await createQuestionnaire(server);
    const created = (
      await create(questionnaire.id, { url: 'https://vault.example.com/', events: ['response.created'] })
    ).body as CreatedWebhook;
    const rotated = (await call(server, 'POST', `${webhooksOf(questionnaire.id)}/${created.id}/rotate-secret`)).body;
    const rows = await server.database.db.sql.query<{ dump: string }>(
      'SELECT row_to_json(w)::text AS dump FROM webhook w WHERE id = $1::uuid',
      [created.id],
    );
    const dump = rows[0]!.dump;
    for (const secret of [created.secret, rotated.secret]) {
      expect(dump).not.toContain(secret.slice(6));
      expect(dump).not.toContain(Buffer.from(secret.slice(6), 'base64').toString('hex'));
    }
    expect(dump).toMatch(/"secret":"v1\.[0-9a-f]{16}\./);
  });

  it('answers 404 for unknown questionnaires, webhooks and deliveries, and for another questionnaire', async () => {
    dns.set('a.example.com', [{ address: PUBLIC_ADDRESS, family: 4 }]);
    const mine = await createQuestionnaire(server);
    const other = await createQuestionnaire(server);
    const webhook = (await create(mine.id, { url: 'https://a.example.com/', events: ['response.created'] })).body;
    const unknown = crypto.randomUUID();
    expectProblem(await call(server, 'GET', webhooksOf(unknown)), 404, 'NOT_FOUND');
    expectProblem(
      await create(unknown, { url: 'https://a.example.com/', events: ['response.created'] }),
      404,
      'NOT_FOUND',
    );
    for (const [method, suffix] of [
      ['GET', ''],
      ['PATCH', ''],
      ['DELETE', ''],
      ['POST', '/rotate-secret'],
      ['POST', '/test'],
      ['GET', '/deliveries'],
    ] as const) {
      const body = method === 'PATCH' ? { enabled: true } : undefined;
      expectProblem(
        await call(server, method, `${webhooksOf(other.id)}/${webhook.id}${suffix}`, body),
        404,
        'NOT_FOUND',
      );
      expectProblem(await call(server, method, `${webhooksOf(mine.id)}/${unknown}${suffix}`, body), 404, 'NOT_FOUND');
      expectProblem(await call(server, method, `${webhooksOf(mine.id)}/not-a-uuid${suffix}`, body), 404, 'NOT_FOUND');
    }
    expectProblem(
      await call(server, 'POST', `${webhooksOf(mine.id)}/${webhook.id}/deliveries/${unknown}/redeliver`),
      404,
      'NOT_FOUND',
    );
  });

  it('rejects bad input with 400 naming the field, and changes nothing', async () => {
    dns.set('b.example.com', [{ address: PUBLIC_ADDRESS, family: 4 }]);
    const questionnaire = await createQuestionnaire(server);
    const cases: [unknown, string][] = [
      [{ events: ['response.created'] }, 'url'],
      [{ url: 'ftp://b.example.com/', events: ['response.created'] }, 'url'],
      [{ url: 'https://user:pass@b.example.com/', events: ['response.created'] }, 'url'],
      [{ url: '/relative', events: ['response.created'] }, 'url'],
      [{ url: `https://b.example.com/${'a'.repeat(2000)}`, events: ['response.created'] }, 'url'],
      [{ url: 'https://b.example.com/', events: [] }, 'events'],
      [{ url: 'https://b.example.com/', events: ['response.updated'] }, 'events.0'],
      [{ url: 'https://b.example.com/', events: ['webhook.test'] }, 'events.0'],
      [{ url: 'https://b.example.com/', events: 'response.created' }, 'events'],
      [{ url: 'https://b.example.com/', events: ['response.created'], enabled: 'yes' }, 'enabled'],
      [{ url: 'https://b.example.com/', events: ['response.created'], description: 'x'.repeat(501) }, 'description'],
      [{ url: 'https://b.example.com/', events: ['response.created'], secret: 'whsec_mine' }, ''],
      [{ url: 'https://b.example.com/\u0000', events: ['response.created'] }, 'url'],
    ];
    for (const [body, path] of cases) {
      const res = await create(questionnaire.id, body);
      expect(errorPaths(res), JSON.stringify(body)).toContain(path);
    }
    expect((await call(server, 'GET', webhooksOf(questionnaire.id))).body).toEqual([]);
    const deliveries = `${webhooksOf(questionnaire.id)}/${crypto.randomUUID()}/deliveries`;
    expectProblem(await call(server, 'GET', `${deliveries}?size=0`), 400, 'VALIDATION_FAILED');
    expectProblem(await call(server, 'GET', `${deliveries}?size=201`), 400, 'VALIDATION_FAILED');
    expectProblem(await call(server, 'GET', `${deliveries}?page=-1`), 400, 'VALIDATION_FAILED');
  });

  it.each([
    ['loopback', 'http://127.0.0.1/hook'],
    ['loopback by name', 'http://localhost:8080/hook'],
    ['IPv6 loopback', 'http://[::1]/hook'],
    ['IPv4-mapped IPv6 loopback', 'http://[::ffff:127.0.0.1]/hook'],
    ['loopback written as one number', 'http://2130706433/hook'],
    ['unspecified', 'http://0.0.0.0/hook'],
    ['RFC 1918', 'https://10.1.2.3/hook'],
    ['RFC 1918', 'https://172.16.0.1/hook'],
    ['RFC 1918', 'https://192.168.1.1/hook'],
    ['cloud metadata (link-local)', 'http://169.254.169.254/latest/meta-data/'],
    ['cloud metadata (IPv6 unique-local)', 'http://[fd00:ec2::254]/latest/meta-data/'],
    ['cloud metadata (CGNAT)', 'http://100.100.100.200/latest/meta-data/'],
    ['IPv6 link-local', 'http://[fe80::1]/hook'],
    ['a name resolving to a private address', 'https://internal.example.com/hook'],
    ['a name resolving to public and private addresses', 'https://mixed.example.com/hook'],
    ['a name that does not resolve', 'https://nowhere.example.com/hook'],
  ])('refuses %s at creation and on change with 400 (%s)', async (_label, url) => {
    dns.set('localhost', [{ address: '127.0.0.1', family: 4 }]);
    dns.set('internal.example.com', [{ address: '10.0.0.7', family: 4 }]);
    dns.set('mixed.example.com', [
      { address: PUBLIC_ADDRESS, family: 4 },
      { address: '192.168.0.10', family: 4 },
    ]);
    dns.set('ok.example.com', [{ address: PUBLIC_ADDRESS, family: 4 }]);
    const questionnaire = await createQuestionnaire(server);
    const refused = await create(questionnaire.id, { url, events: ['response.created'] });
    const body = expectProblem(refused, 400, 'VALIDATION_FAILED');
    expect(body.errors).toEqual([{ path: 'url', message: expect.any(String) }]);
    expect(body.errors?.[0]?.message).not.toMatch(/[A-Z_]{6,}/);

    const webhook = (await create(questionnaire.id, { url: 'https://ok.example.com/', events: ['response.created'] }))
      .body;
    const patch = await call(server, 'PATCH', `${webhooksOf(questionnaire.id)}/${webhook.id}`, { url, enabled: false });
    expect(errorPaths(patch)).toEqual(['url']);
    const unchanged = await call(server, 'GET', `${webhooksOf(questionnaire.id)}/${webhook.id}`);
    expect(unchanged.body).toMatchObject({ url: 'https://ok.example.com/', enabled: true });
  });

  it('says why a receiver on this machine or a private network is refused, and the setting that allows it', async () => {
    const questionnaire = await createQuestionnaire(server);
    // A real receiver listens at this address, as another program on the same machine would.
    const loopback = expectProblem(
      await create(questionnaire.id, { url: receiver.url('/local-receiver'), events: ['response.created'] }),
      400,
      'VALIDATION_FAILED',
    );
    const sentence = loopback.errors?.[0]?.message ?? '';
    expect(sentence).toMatch(/^127\.0\.0\.1 is a loopback address/);
    expect(sentence).toMatch(/an administrator can allow private and loopback ones/);
    // Not "this server": the receiver is another program, which the server cannot tell.
    expect(sentence).not.toMatch(/this server/);
    // A person reads the field's sentence; the problem's detail names the setting for the administrator.
    expect(sentence).not.toMatch(/[A-Z_]{6,}/);
    expect(loopback.detail).toMatch(/WEBHOOK_ALLOW_PRIVATE_TARGETS=true/);

    dns.set('intranet.example.com', [{ address: '192.168.4.20', family: 4 }]);
    const lan = expectProblem(
      await create(questionnaire.id, { url: 'https://intranet.example.com/hook', events: ['response.created'] }),
      400,
      'VALIDATION_FAILED',
    );
    expect(lan.errors?.[0]?.message).toMatch(
      /^192\.168\.4\.20 is a private network address.*an administrator can allow/,
    );
    expect(lan.detail).toMatch(/WEBHOOK_ALLOW_PRIVATE_TARGETS/);

    // A name that does not resolve is not about private targets: the setting would not help.
    const unknown = expectProblem(
      await create(questionnaire.id, { url: 'https://missing.example.com/hook', events: ['response.created'] }),
      400,
      'VALIDATION_FAILED',
    );
    expect(unknown.detail).not.toMatch(/WEBHOOK_ALLOW_PRIVATE_TARGETS/);
    expect((await call(server, 'GET', webhooksOf(questionnaire.id))).body).toEqual([]);
  });

  it('refuses a name that resolved publicly at creation but points here at delivery (DNS rebinding)', async () => {
    const host = 'rebind.example.com';
    dns.set(host, [{ address: PUBLIC_ADDRESS, family: 4 }]);
    const questionnaire = await createPublished(server);
    const url = `http://${host}:${receiver.portNumber}/rebind`;
    const webhook = (await create(questionnaire.id, { url, events: ['response.created'] })).body as CreatedWebhook;
    expect(webhook.url).toBe(url);

    // The name now points at this machine, where the receiver listens.
    dns.set(host, [{ address: '127.0.0.1', family: 4 }]);
    lookups.length = 0;
    expect((await call(server, 'POST', `${webhooksOf(questionnaire.id)}/${webhook.id}/test`)).status).toBe(202);
    const [delivery] = await waitForDeliveries(server, questionnaire.id, webhook.id, ([item]) => item?.attempts === 1);
    expect(delivery).toMatchObject({ status: 'PENDING', attempts: 1 });
    expect(delivery).not.toHaveProperty('lastStatusCode');
    expect(delivery?.lastError).toMatch(/127\.0\.0\.1 is a loopback address/);
    // Resolved at send time, and refused before connecting: the attempt is recorded, so it is over,
    // and nothing reached the receiver (the next attempt is a minute away).
    expect(lookups).toContain(host);
    expect(receiver.at('/rebind')).toEqual([]);
  });

  it('pages the delivery log like every list', async () => {
    dns.set('pages.example.com', [{ address: PUBLIC_ADDRESS, family: 4 }]);
    const questionnaire = await createQuestionnaire(server);
    const webhook = (
      await create(questionnaire.id, { url: 'https://pages.example.com/', events: ['response.created'] })
    ).body as CreatedWebhook;
    // Seven deliveries of one event, due in an hour: none is attempted while the test runs.
    await server.database.db.sql.query(
      `WITH event AS (
         INSERT INTO webhook_event (id, questionnaire_id, type, data)
         VALUES (gen_random_uuid(), $1::uuid, 'webhook.test', '{}') RETURNING id)
       INSERT INTO webhook_delivery (id, event_id, webhook_id, next_attempt_at, created_at)
       SELECT gen_random_uuid(), event.id, $2::uuid, now() + interval '1 hour', now() - make_interval(secs => n)
       FROM event, generate_series(1, 7) AS n`,
      [questionnaire.id, webhook.id],
    );
    const first = await deliveriesOf(server, questionnaire.id, webhook.id, '?size=3');
    expect(first).toMatchObject({ page: 0, size: 3, total: 7 });
    expect(first.items).toHaveLength(3);
    const last = await deliveriesOf(server, questionnaire.id, webhook.id, '?size=3&page=2');
    expect(last.items).toHaveLength(1);
    const all = await deliveriesOf(server, questionnaire.id, webhook.id);
    expect(all.size).toBe(50);
    const created = all.items.map((item) => item.createdAt);
    expect(created).toEqual([...created].sort().reverse());
    expect(
      [
        ...first.items,
        ...(await deliveriesOf(server, questionnaire.id, webhook.id, '?size=3&page=1')).items,
        ...last.items,
      ].map((i) => i.id),
    ).toEqual(all.items.map((item) => item.id));
    expect(all.items[0]).toMatchObject({ status: 'PENDING', attempts: 0, eventType: 'webhook.test' });
    expect(all.items[0]).not.toHaveProperty('lastAttemptAt');
  });

  it('documents the operations and the outgoing requests (OpenAPI 3.1 webhooks)', async () => {
    const document = (await call(server, 'GET', '/openapi.json')).body;
    expect(Object.keys(document.webhooks).sort()).toEqual([
      'questionnaire.published',
      'response.completed',
      'response.created',
      'response.deleted',
      'webhook.test',
    ]);
    const completed = document.webhooks['response.completed'].post;
    expect(completed.parameters.map((p: { name: string }) => p.name)).toEqual([
      'webhook-id',
      'webhook-timestamp',
      'webhook-signature',
    ]);
    expect(completed.requestBody.content['application/json'].schema).toEqual({
      $ref: '#/components/schemas/ResponseCompletedEvent',
    });
    expect(document.components.schemas.ResponseCompletedEvent.properties.data.properties.answers).toEqual({
      $ref: '#/components/schemas/Answers',
    });
    const paths = document.paths;
    expect(Object.keys(paths['/api/v1/questionnaires/{id}/webhooks'])).toEqual(expect.arrayContaining(['get', 'post']));
    expect(paths['/api/v1/questionnaires/{id}/webhooks/{webhookId}/test'].post.responses).toHaveProperty('202');
    expect(
      paths['/api/v1/questionnaires/{id}/webhooks/{webhookId}/deliveries/{deliveryId}/redeliver'].post.responses,
    ).toHaveProperty('409');
  });
});
