import { type ClockOptions, dayAndTime } from '../../ui/format.ts';

/** When an invitation stops working, in words: "expires December 4, 2026 at 10:00 AM". */
export const expiryWords = (iso: string, clock: ClockOptions = {}): string => `expires ${dayAndTime(iso, clock)}`;
