import type { PostResult } from './post-webhook.ts';

/** The longest Retry-After honoured; a receiver asking for more is tried again after a day. */
export const MAX_RETRY_AFTER_MS = 86_400_000;

/** What becomes of a delivery after one attempt. */
export type Outcome =
  | { kind: 'succeeded'; statusCode: number }
  /** 410 Gone: the delivery ends FAILED and the webhook is disabled with `reason`. */
  | { kind: 'gone'; statusCode: number; error: string; reason: string }
  /** Another try after `waitMs`, or FAILED (`waitMs` undefined) once the schedule is spent. */
  | { kind: 'retry'; statusCode: number | undefined; error: string; waitMs: number | undefined };

/**
 * Any 2xx succeeds; 410 disables the webhook; everything else (another status, a redirect, a
 * timeout, a connection error) is tried again after the schedule's next wait, or after the
 * receiver's Retry-After on 429 and 503, until the schedule is spent.
 * `attempts` counts this attempt too; `now` reads Retry-After dates.
 */
export function outcomeOf(result: PostResult, attempts: number, scheduleMs: readonly number[], now: Date): Outcome {
  const scheduled = scheduleMs[attempts - 1];
  if (result.kind === 'failed') return { kind: 'retry', statusCode: undefined, error: result.error, waitMs: scheduled };
  const { status, body } = result;
  if (status >= 200 && status < 300) return { kind: 'succeeded', statusCode: status };
  const said = body ? `: ${body}` : '';
  if (status === 410) {
    return {
      kind: 'gone',
      statusCode: status,
      error: `Answered 410 Gone${said}`,
      reason: `The receiver answered 410 Gone on ${now.toISOString()}, so the service stopped sending. Enable the webhook to send again.`,
    };
  }
  const redirect = status >= 300 && status < 400 ? '; redirects are not followed' : '';
  const error = `Answered ${status}${redirect}${said}`;
  if (scheduled === undefined) return { kind: 'retry', statusCode: status, error, waitMs: undefined };
  const asked = status === 429 || status === 503 ? retryAfterMs(result.retryAfter, now) : undefined;
  // Honoured in place of the schedule's wait, up to a day.
  const waitMs = asked === undefined ? scheduled : Math.min(asked, MAX_RETRY_AFTER_MS);
  return { kind: 'retry', statusCode: status, error, waitMs };
}

/** `Retry-After` as delay-seconds or an HTTP-date (RFC 9110 section 10.2.3); undefined when unreadable. */
export function retryAfterMs(value: string | undefined, now: Date): number | undefined {
  if (value === undefined) return undefined;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const date = Date.parse(trimmed);
  if (Number.isNaN(date) || !/[a-z]/i.test(trimmed)) return undefined;
  return Math.max(0, date - now.getTime());
}
