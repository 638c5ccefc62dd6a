/**
 * Format checks for the contact question types. Deliberately plain: they catch typing
 * mistakes, not every address a standard allows.
 */

/** `local@domain.tld`: no spaces, one `@`, a dot in the domain, at most 254 characters. */
export function isEmail(value: string): boolean {
  return value.length <= 254 && /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/.test(value);
}

/** An absolute http(s) URL with a host. */
export function isWebUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value) || /\s/.test(value)) return false;
  try {
    return new URL(value).hostname.length > 0;
  } catch {
    return false;
  }
}

/** Digits with optional leading `+` and the usual separators (space . - / and brackets); 5 to 15 digits (E.164). */
export function isPhone(value: string): boolean {
  if (!/^\+?[0-9 ().\-/]+$/.test(value)) return false;
  const digits = value.replace(/\D/g, '').length;
  return digits >= 5 && digits <= 15;
}

/** Whether a detected content type is one of the accepted ones (`image/png`, or a wildcard `image/*`). */
export function isAcceptedType(contentType: string, accepted: readonly string[] | undefined): boolean {
  if (!accepted || accepted.length === 0) return true;
  const type = contentType.toLowerCase().split(';')[0]?.trim() ?? '';
  return accepted.some((entry) => {
    const pattern = entry.toLowerCase();
    return pattern.endsWith('/*') ? type.startsWith(pattern.slice(0, -1)) : type === pattern;
  });
}
