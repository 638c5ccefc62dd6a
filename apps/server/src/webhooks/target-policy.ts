import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { WebhookSettings } from './webhook-settings.ts';

export interface ResolvedAddress {
  address: string;
  family: 4 | 6;
}

/** Every address a host name resolves to; the tests pass their own to point a name anywhere. */
export type HostResolver = (hostname: string) => Promise<ResolvedAddress[]>;

export const systemResolver: HostResolver = async (hostname) =>
  (await dnsLookup(hostname, { all: true, verbatim: true })).map(({ address, family }) => ({
    address,
    family: family === 6 ? 6 : 4,
  }));

/**
 * A target the service will not call, with a sentence that says why. `privateAddress`: refused
 * for its address alone, which WEBHOOK_ALLOW_PRIVATE_TARGETS would allow.
 */
export class TargetRefusedError extends Error {
  override readonly name = 'TargetRefusedError';
  constructor(
    message: string,
    readonly privateAddress = false,
  ) {
    super(message);
  }
}

// What the address is, not whose: a loopback address may be any program on the server's machine
// (a receiver under test, a local relay), which the server cannot tell from itself.
const RANGE_WORDS: Record<string, string> = {
  loopback: "a loopback address (the server's own machine)",
  private: 'a private network address',
  uniqueLocal: 'a private network address',
  linkLocal: 'a link-local address (where cloud metadata services live)',
  carrierGradeNat: 'a carrier-grade NAT address (where some cloud metadata services live)',
  unspecified: 'an unspecified address',
};

/**
 * Only ordinary public unicast addresses may be called: ipaddr.js names every special range
 * (loopback, RFC 1918, link-local with 169.254.169.254, unique-local with fd00:ec2::254,
 * CGNAT with 100.100.100.200, NAT64, 6to4, documentation, multicast, ...), and an IPv4-mapped
 * IPv6 address is judged as the IPv4 address it carries.
 */
export function refusalOf(address: string): string | undefined {
  if (!ipaddr.isValid(address)) return `${address} is not an IP address`;
  const parsed = ipaddr.process(address);
  const range = parsed.range();
  if (range === 'unicast') return undefined;
  const words = RANGE_WORDS[range] ?? `a special-purpose address (${range})`;
  return `${address} is ${words}. Webhooks call only public addresses; an administrator can allow private and loopback ones.`;
}

/** `[::1]` (a URL's IPv6 host) -> `::1`. */
export const bareHost = (hostname: string) => hostname.replace(/^\[(.*)\]$/, '$1');

/** Throws TargetRefusedError unless every address is public (or private ones are allowed). */
export function checkAddresses(addresses: readonly ResolvedAddress[], allowPrivate: boolean): void {
  if (addresses.length === 0) throw new TargetRefusedError('The host name has no address');
  if (allowPrivate) return;
  for (const { address } of addresses) {
    const refusal = refusalOf(address);
    if (refusal) throw new TargetRefusedError(refusal, ipaddr.isValid(address));
  }
}

/** The addresses of a host name, within a deadline (getaddrinfo has none of its own). */
async function resolveWithin(resolve: HostResolver, hostname: string, timeoutMs: number) {
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new TargetRefusedError(`Looking up ${hostname} took too long`)), timeoutMs);
  });
  try {
    return await Promise.race([resolve(hostname), deadline]);
  } catch (error) {
    if (error instanceof TargetRefusedError) throw error;
    const code = (error as NodeJS.ErrnoException).code;
    throw new TargetRefusedError(
      code === 'ENOTFOUND' || code === 'ENODATA'
        ? `The host name ${hostname} could not be found`
        : `The host name ${hostname} could not be looked up (${code ?? 'error'})`,
    );
  } finally {
    clearTimeout(timer);
  }
}

export interface TargetPolicy {
  resolve: HostResolver;
  allowPrivate: boolean;
  timeoutMs: number;
}

export const targetPolicyOf = (
  resolve: HostResolver,
  settings: Pick<WebhookSettings, 'allowPrivateTargets' | 'timeoutMs'>,
): TargetPolicy => ({ resolve, allowPrivate: settings.allowPrivateTargets, timeoutMs: settings.timeoutMs });

/**
 * The check made when a webhook is created or its URL changed: the host (an IP literal, or
 * every address its name resolves to) must be public. With private targets allowed there is
 * nothing to check and nothing is looked up.
 */
export async function checkTarget(url: string, policy: TargetPolicy): Promise<void> {
  if (policy.allowPrivate) return;
  const host = bareHost(new URL(url).hostname);
  const addresses = isIP(host)
    ? [{ address: host, family: isIP(host) as 4 | 6 }]
    : await resolveWithin(policy.resolve, host, policy.timeoutMs);
  checkAddresses(addresses, false);
}

/**
 * The `lookup` of each delivery's connection: it resolves the name once, checks every address,
 * and hands the socket exactly those addresses, so the connection goes where the check looked
 * (a name that re-resolves to a private address between check and connect gets nowhere).
 * IP literals never reach a lookup; the sender checks them with checkAddresses first.
 */
export function pinnedLookup(policy: TargetPolicy): LookupFunction {
  return (hostname, options, callback) => {
    resolveWithin(policy.resolve, hostname, policy.timeoutMs)
      .then((resolved) => {
        const wanted = options.family === 4 || options.family === 6 ? options.family : undefined;
        const addresses = wanted ? resolved.filter((entry) => entry.family === wanted) : resolved;
        checkAddresses(addresses, policy.allowPrivate);
        const [first] = addresses as [ResolvedAddress];
        if (options.all) callback(null, addresses);
        else callback(null, first.address, first.family);
      })
      .catch((error: Error) => callback(error as NodeJS.ErrnoException, '', 0));
  };
}
