import { z } from 'zod';

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const ORIGIN_PATTERN = new RegExp(
  `^(https?)://(?:(\\*\\.)?(${LABEL}(?:\\.${LABEL})*)|(\\[[0-9a-f:.]+\\]))(?::(\\d{1,5}))?$`,
);

/** Parses `scheme://host[:port]` or `https://*.example.com`; null when it is not an origin. */
export function parseOriginPattern(value: string) {
  const match = ORIGIN_PATTERN.exec(value.toLowerCase());
  if (!match) return null;
  const [, scheme, wildcard, hostname, ipv6, port] = match;
  if (port !== undefined && (Number(port) < 1 || Number(port) > 65535)) return null;
  const host = hostname ?? ipv6 ?? '';
  // A wildcard must sit above a registrable-looking domain: `*.com` is too broad.
  if (wildcard && !host.includes('.')) return null;
  return { scheme: scheme ?? 'https', wildcard: Boolean(wildcard), host, port: port ?? '' };
}

export const MAX_ALLOWED_ORIGINS = 50;

export const AllowedOrigin = z
  .string()
  .max(300)
  .refine((value) => parseOriginPattern(value) !== null, {
    message: 'Must be an origin such as https://app.example.com, http://localhost:5173 or https://*.example.com',
  })
  .transform((value) => value.toLowerCase());

export const AllowedOrigins = z
  .array(AllowedOrigin)
  .max(MAX_ALLOWED_ORIGINS)
  .transform((origins) => [...new Set(origins)]);

/** True when the request origin is listed, exactly or under a wildcard entry. */
export function originMatches(requestOrigin: string, allowed: readonly string[]): boolean {
  const origin = parseOriginPattern(requestOrigin);
  if (!origin || origin.wildcard) return false;
  return allowed.some((entry) => {
    const pattern = parseOriginPattern(entry);
    if (!pattern || pattern.scheme !== origin.scheme || pattern.port !== origin.port) return false;
    if (!pattern.wildcard) return pattern.host === origin.host;
    const suffix = `.${pattern.host}`;
    const label = origin.host.slice(0, -suffix.length);
    return origin.host.endsWith(suffix) && label.length > 0 && !label.includes('.');
  });
}
