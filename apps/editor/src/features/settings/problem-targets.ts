import { SCHEDULE_FIELD_IDS } from './schedule-fields.tsx';

/**
 * Where a problem at an API field path is shown on this screen: the control to focus and its
 * name in words for "Go to the first problem: …". `undefined`: no field shows that path (its
 * message is listed under the status line instead, never its path).
 */
export interface ProblemTarget {
  label: string;
  id: string;
  /** Order on the screen, so the first problem is the first one a builder meets. */
  order: number;
}

const CONTROLS: Record<string, string> = {
  questionCode: 'source',
  key: 'source',
  operator: 'operator',
  value: 'value',
};

export function problemTarget(path: string): ProblemTarget | undefined {
  if (path === 'name') return { label: 'Name', id: 'settings-name', order: 0 };
  if (path === 'allowedOrigins' || path.startsWith('allowedOrigins.'))
    return { label: 'Allowed sites', id: 'new-origin', order: 1 };
  if (path === 'opensAt') return { label: 'Opens', id: SCHEDULE_FIELD_IDS.opensAt, order: 2 };
  if (path === 'closesAt') return { label: 'Closes', id: SCHEDULE_FIELD_IDS.closesAt, order: 3 };
  if (path === 'closeGraceMinutes')
    return { label: 'Grace after closing', id: SCHEDULE_FIELD_IDS.closeGraceMinutes, order: 4 };
  if (path === 'maxCompletedResponses')
    return { label: 'Most completed responses', id: SCHEDULE_FIELD_IDS.maxCompletedResponses, order: 5 };
  if (path === 'quotas') return { label: 'Quotas', id: 'add-quota', order: 10_000 };
  const quota = /^quotas\.(\d+)\.(name|limit|endingId|rule)(?:\.conditions(?:\.(\d+)\.(\w+)(?:\.\d+)?)?)?$/.exec(path);
  if (!quota) return undefined;
  const [, index = '0', part, condition, field = ''] = quota;
  const i = Number(index);
  const label = `Quota ${i + 1}`;
  const order = 10 + i * 100;
  if (part === 'name') return { label: `${label} name`, id: `quota-${i}-name`, order };
  if (part === 'limit') return { label: `${label} limit`, id: `quota-${i}-limit`, order: order + 1 };
  if (part === 'endingId') return { label: `${label} ending`, id: `quota-${i}-ending`, order: order + 99 };
  if (condition !== undefined) {
    // A part of a condition no control shows (its address part): listed under the status line.
    const control = CONTROLS[field];
    if (!control) return undefined;
    const n = Number(condition);
    return { label: `${label} condition ${n + 1}`, id: `quota-${i}-condition-${n}-${control}`, order: order + 3 + n };
  }
  return { label: `${label} conditions`, id: `quota-${i}-combinator`, order: order + 2 };
}
