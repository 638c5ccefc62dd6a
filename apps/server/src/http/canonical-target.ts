// RFC 3986 path characters: unreserved, sub-delims, ":", "@", "/" and percent escapes.
const PATH_CHARACTERS = /^[A-Za-z0-9\-._~!$&'()*+,;=:@/%]*$/;
const UNRESERVED = /[A-Za-z0-9\-._~]/;
/**
 * The common case, decided by one regex: segments of plain path characters without any escape,
 * none of them `.` or `..`, an optional trailing slash, and a query without `#`.
 */
const PLAINLY_CANONICAL = /^(?:\/(?!\.\.?(?:[/?]|$))[A-Za-z0-9\-._~!$&'()*+,;=:@]+)*\/?(?:\?[^#]*)?$/;

/**
 * Why a request target is not canonical, or undefined when it is. Canonical means there is
 * exactly one way to read its path: origin-form, no dot segments (raw or percent-encoded), no
 * empty segments but a trailing one, no backslashes, no encoded "/" or "\", no escapes of
 * characters that need none, no control characters, and valid UTF-8 once decoded.
 */
export function nonCanonicalReason(target: string): string | undefined {
  if (PLAINLY_CANONICAL.test(target)) return undefined;
  if (!target.startsWith('/')) return 'the request target must be an absolute path';
  if (target.includes('#')) return 'the request target must not contain "#"';
  const query = target.indexOf('?');
  const path = query === -1 ? target : target.slice(0, query);
  if (!PATH_CHARACTERS.test(path)) return 'the path contains a character that must not appear unencoded';

  for (let at = path.indexOf('%'); at !== -1; at = path.indexOf('%', at + 1)) {
    const hex = path.slice(at + 1, at + 3);
    if (!/^[0-9A-Fa-f]{2}$/.test(hex)) return 'the path contains a malformed percent escape';
    const octet = Number.parseInt(hex, 16);
    const char = String.fromCharCode(octet);
    if (UNRESERVED.test(char)) return `the path percent-encodes "${char}", which needs no encoding`;
    if (char === '/' || char === '\\') return 'the path contains an encoded slash or backslash';
    if (octet < 0x20 || octet === 0x7f) return 'the path contains an encoded control character';
  }
  try {
    decodeURIComponent(path);
  } catch {
    return 'the path is not valid UTF-8 once decoded';
  }

  const segments = path.split('/').slice(1);
  for (const [index, segment] of segments.entries()) {
    if (segment === '.' || segment === '..') return 'the path contains a dot segment';
    if (segment === '' && index < segments.length - 1) return 'the path contains an empty segment';
  }
  return undefined;
}
