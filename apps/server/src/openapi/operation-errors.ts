import type { ErrorCode } from '@forms-engine/schema';
import { MANAGEMENT_API, PUBLIC_API } from '../http/api-prefixes.ts';

export interface OperationContext {
  path: string;
  method: string;
  managementTokenRequired: boolean;
  rateLimited: boolean;
  /** AUTH_MODE=accounts: credentials on every management path but the sign-in ones, roles, the cookie origin check. */
  accounts?: boolean;
}

/**
 * The errors the HTTP layers in front of an operation can answer, from how app.ts mounts
 * them: every target is checked (VALIDATION_FAILED); both APIs parse JSON bodies under a size
 * limit and a deadline; the REST adapter takes only JSON on POST/PUT/PATCH; the token guard
 * covers the management API; the origin check covers public paths that name a questionnaire
 * or a response; the rate limiter covers the public writes and geocode. Every API operation
 * may find the database (or the file store) down: 503 with Retry-After.
 */
export function layerErrors({
  path,
  method,
  managementTokenRequired,
  rateLimited,
  accounts = false,
}: OperationContext): ErrorCode[] {
  const codes: ErrorCode[] = ['VALIDATION_FAILED'];
  const management = path.startsWith(`${MANAGEMENT_API}/`);
  const isPublic = path.startsWith(`${PUBLIC_API}/`);
  if (management || isPublic) codes.push('MALFORMED_JSON', 'PAYLOAD_TOO_LARGE', 'REQUEST_TIMEOUT');
  if (['post', 'put', 'patch'].includes(method)) codes.push('UNSUPPORTED_MEDIA_TYPE');
  const signIn = path.startsWith(`${MANAGEMENT_API}/auth/`);
  if (management && (accounts ? !signIn : managementTokenRequired)) codes.push('UNAUTHORIZED');
  // A role too small, or a cookie write from another site.
  if (management && accounts && (!signIn || !['get', 'head'].includes(method))) codes.push('FORBIDDEN');
  if (isPublic && /\{(publicId|responseId)\}/.test(path)) codes.push('ORIGIN_NOT_ALLOWED');
  if (rateLimited) codes.push('RATE_LIMITED');
  if (management || isPublic) codes.push('SERVICE_UNAVAILABLE');
  return codes;
}
