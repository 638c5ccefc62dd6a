import type { LookupAddress } from 'node:dns';
import { describe, expect, it } from 'vitest';
import { checkAddresses, checkTarget, pinnedLookup, type ResolvedAddress, refusalOf } from './target-policy.ts';

describe('refusalOf', () => {
  it.each(['8.8.8.8', '93.184.216.34', '2606:4700:4700::1111', '::ffff:93.184.216.34'])(
    'lets the public address %s through',
    (address) => {
      expect(refusalOf(address)).toBeUndefined();
    },
  );

  it.each([
    ['127.0.0.1', /loopback/],
    ['127.10.0.1', /loopback/],
    ['::1', /loopback/],
    ['::ffff:127.0.0.1', /loopback/],
    ['::ffff:7f00:1', /loopback/],
    ['10.0.0.1', /private network/],
    ['172.31.255.255', /private network/],
    ['192.168.0.1', /private network/],
    ['fd12:3456::1', /private network/],
    ['169.254.169.254', /link-local/],
    ['fe80::1', /link-local/],
    ['fd00:ec2::254', /private network/],
    ['100.100.100.200', /carrier-grade NAT/],
    ['0.0.0.0', /unspecified/],
    ['::', /unspecified/],
    ['224.0.0.1', /special-purpose/],
    ['255.255.255.255', /special-purpose/],
    ['192.0.2.1', /special-purpose/],
    ['64:ff9b::7f00:1', /special-purpose/],
    ['2002:7f00:1::', /special-purpose/],
    ['not-an-address', /not an IP address/],
  ])('refuses %s in words', (address, words) => {
    expect(refusalOf(address)).toMatch(words);
  });
});

describe('checkAddresses', () => {
  it('refuses when any one address is private, and when there is none', () => {
    const mixed: ResolvedAddress[] = [
      { address: '93.184.216.34', family: 4 },
      { address: '10.0.0.1', family: 4 },
    ];
    expect(() => checkAddresses(mixed, false)).toThrow(/10\.0\.0\.1/);
    expect(() => checkAddresses(mixed, true)).not.toThrow();
    expect(() => checkAddresses([], true)).toThrow(/no address/);
  });
});

describe('checkTarget', () => {
  const policy = (resolve: (host: string) => Promise<ResolvedAddress[]>, allowPrivate = false) => ({
    resolve,
    allowPrivate,
    timeoutMs: 200,
  });

  it('checks IP literals without a lookup, and resolves names', async () => {
    const nothing = async (): Promise<ResolvedAddress[]> => {
      throw new Error('no lookup expected');
    };
    await expect(checkTarget('http://[::1]:8080/x', policy(nothing))).rejects.toThrow(/loopback/);
    await expect(checkTarget('https://93.184.216.34/x', policy(nothing))).resolves.toBeUndefined();
    await expect(
      checkTarget(
        'https://a.example/x',
        policy(async () => [{ address: '10.1.1.1', family: 4 }]),
      ),
    ).rejects.toThrow(/private network/);
  });

  it('looks nothing up when private targets are allowed', async () => {
    let looked = false;
    const resolve = async () => {
      looked = true;
      return [];
    };
    await checkTarget('https://anything.example/', policy(resolve, true));
    expect(looked).toBe(false);
  });

  it('refuses names that do not resolve, or not within the deadline', async () => {
    const missing = async () => {
      throw Object.assign(new Error('getaddrinfo ENOTFOUND'), { code: 'ENOTFOUND' });
    };
    await expect(checkTarget('https://gone.example/', policy(missing))).rejects.toThrow(/could not be found/);
    const hanging = () => new Promise<ResolvedAddress[]>(() => undefined);
    await expect(checkTarget('https://slow.example/', policy(hanging))).rejects.toThrow(/took too long/);
  });
});

describe('pinnedLookup', () => {
  const lookupOnce = (lookup: ReturnType<typeof pinnedLookup>, options: { all?: boolean; family?: number }) =>
    new Promise<{ error: Error | null; address: string | LookupAddress[]; family?: number }>((resolve) =>
      lookup('host.example', options as never, (error, address, family) => resolve({ error, address, family })),
    );

  it('hands the socket exactly the addresses it checked, resolving once per connection', async () => {
    const answers: ResolvedAddress[][] = [
      [
        { address: '93.184.216.34', family: 4 },
        { address: '2606:2800:220:1::1', family: 6 },
      ],
      [{ address: '127.0.0.1', family: 4 }],
    ];
    let calls = 0;
    const lookup = pinnedLookup({ resolve: async () => answers[calls++] ?? [], allowPrivate: false, timeoutMs: 200 });
    expect(await lookupOnce(lookup, { all: true })).toEqual({ error: null, address: answers[0], family: undefined });
    // A second connection resolves again, and a rebinding to loopback is refused there.
    const rebound = await lookupOnce(lookup, { all: true });
    expect(rebound.error?.message).toMatch(/127\.0\.0\.1 is a loopback address/);
    expect(calls).toBe(2);
  });

  it('answers one address of the family asked for', async () => {
    const lookup = pinnedLookup({
      resolve: async () => [
        { address: '2606:2800:220:1::1', family: 6 },
        { address: '93.184.216.34', family: 4 },
      ],
      allowPrivate: false,
      timeoutMs: 200,
    });
    expect(await lookupOnce(lookup, { family: 4 })).toEqual({ error: null, address: '93.184.216.34', family: 4 });
  });
});
