import { DEFAULT_CLOSE_GRACE_MINUTES, MAX_CLOSE_GRACE_MINUTES } from '@forms-engine/schema';
import { FieldErrors } from '../../ui/field-errors.tsx';
import { count } from '../../ui/format.ts';
import { fromLocalInput, toLocalInput, zoneLabel } from './local-time.ts';
import type { Settings } from './settings-model.ts';
import { numberIn, typedIn } from './typed-input.ts';

interface Props {
  settings: Settings;
  onChange: (change: Partial<Settings>) => void;
  /** Each field's problems in words: the editor's own check and the server's refusal. */
  errors: (path: string) => string[];
  /** The completed responses that count against the limit, as the server last said. */
  completed: number | undefined;
  /** A box holds text the browser cannot read yet: kept out of the settings, said, and guarded on leaving. */
  onUnfinished: (field: string, unfinished: boolean) => void;
  unfinished: ReadonlySet<string>;
}

const UNFINISHED = {
  opensAt: 'Finish the date and time, or clear them.',
  closesAt: 'Finish the date and time, or clear them.',
  closeGraceMinutes: 'Type a whole number of minutes.',
  maxCompletedResponses: 'Type a whole number, or leave it empty for no limit.',
} as const;

/** The ids of this part's fields, by their API names (the first problem's link goes to them). */
export const SCHEDULE_FIELD_IDS = {
  opensAt: 'settings-opens',
  closesAt: 'settings-closes',
  closeGraceMinutes: 'settings-grace',
  maxCompletedResponses: 'settings-limit',
} as const;

/** The describedby list of a field: its hints and, when there are any, its problems. */
const describedBy = (...ids: (string | false | undefined)[]) => ids.filter(Boolean).join(' ') || undefined;

/** When the questionnaire opens and closes (in the builder's time zone, named), the grace, and the limit. */
export function ScheduleFields({ settings, onChange, errors, completed, onUnfinished, unfinished }: Props) {
  const problemsOf = (field: keyof typeof UNFINISHED) => [
    ...(unfinished.has(field) ? [UNFINISHED[field]] : []),
    ...errors(field),
  ];
  const dateField = (field: 'opensAt' | 'closesAt', label: string, hint: string) => {
    const id = SCHEDULE_FIELD_IDS[field];
    const problems = problemsOf(field);
    return (
      <div className="field">
        <label htmlFor={id}>{label}</label>
        <div className="row date-with-zone">
          <input
            id={id}
            type="datetime-local"
            value={toLocalInput(settings[field])}
            aria-invalid={problems.length > 0 || undefined}
            aria-describedby={describedBy(`${id}-zone`, `${id}-hint`, problems.length > 0 && `${id}-error`)}
            onChange={(event) => {
              const typed = typedIn(event);
              onUnfinished(field, typed.kind === 'unfinished');
              if (typed.kind === 'empty') onChange({ [field]: null });
              if (typed.kind === 'value') {
                const iso = fromLocalInput(typed.value);
                if (iso) onChange({ [field]: iso });
                else onUnfinished(field, true);
              }
            }}
          />
          <span id={`${id}-zone`} className="muted">
            {zoneLabel(settings[field])}
          </span>
        </div>
        <p id={`${id}-hint`} className="muted hint">
          {hint}
        </p>
        <FieldErrors id={`${id}-error`} errors={problems} />
      </div>
    );
  };
  const graceProblems = problemsOf('closeGraceMinutes');
  const limitProblems = problemsOf('maxCompletedResponses');
  const limit = settings.maxCompletedResponses;
  return (
    <>
      <fieldset>
        <legend>When it takes responses</legend>
        <p className="muted hint">
          Times are in your time zone, shown beside each one; changes apply without publishing.
        </p>
        {dateField('opensAt', 'Opens (optional)', 'Empty: takes responses as soon as it is published.')}
        {dateField('closesAt', 'Closes (optional)', 'Empty: never closes. After this time no new response is started.')}
        <div className="field">
          <label htmlFor={SCHEDULE_FIELD_IDS.closeGraceMinutes}>Grace after closing (minutes)</label>
          <input
            id={SCHEDULE_FIELD_IDS.closeGraceMinutes}
            type="number"
            inputMode="numeric"
            min={0}
            max={MAX_CLOSE_GRACE_MINUTES}
            step={1}
            value={settings.closeGraceMinutes ?? ''}
            aria-invalid={graceProblems.length > 0 || undefined}
            aria-describedby={describedBy('settings-grace-hint', graceProblems.length > 0 && 'settings-grace-error')}
            onChange={(event) => {
              const typed = numberIn(event);
              onUnfinished('closeGraceMinutes', typed.kind === 'unfinished');
              if (typed.kind === 'value') onChange({ closeGraceMinutes: typed.value });
            }}
          />
          <p id="settings-grace-hint" className="muted hint">
            Someone who started before the closing time may still send their answers for this many minutes after it, so
            nobody loses a response they were filling in. Nobody can start one after the closing time. From 0 to{' '}
            {count(MAX_CLOSE_GRACE_MINUTES)} (a day); {DEFAULT_CLOSE_GRACE_MINUTES} unless you change it.
          </p>
          <FieldErrors id="settings-grace-error" errors={graceProblems} />
        </div>
      </fieldset>
      <fieldset>
        <legend>Limit of completed responses</legend>
        <div className="field">
          <label htmlFor={SCHEDULE_FIELD_IDS.maxCompletedResponses}>Most completed responses (optional)</label>
          <input
            id={SCHEDULE_FIELD_IDS.maxCompletedResponses}
            type="number"
            inputMode="numeric"
            min={0}
            step={1}
            value={limit ?? ''}
            aria-invalid={limitProblems.length > 0 || undefined}
            aria-describedby={describedBy(
              completed !== undefined && 'settings-limit-count',
              'settings-limit-hint',
              limitProblems.length > 0 && 'settings-limit-error',
            )}
            onChange={(event) => {
              const typed = numberIn(event);
              onUnfinished('maxCompletedResponses', typed.kind === 'unfinished');
              if (typed.kind === 'value') onChange({ maxCompletedResponses: typed.value });
            }}
          />
          {completed !== undefined && (
            <p id="settings-limit-count" className="count">
              {limit === null
                ? `${count(completed)} completed so far`
                : `${count(completed)} of ${count(limit)} completed so far`}
            </p>
          )}
          <p id="settings-limit-hint" className="muted hint">
            Empty: no limit. Once this many responses are completed, the questionnaire is full and takes no more; 0
            takes none. Erasing a completed response frees its place.
          </p>
          <FieldErrors id="settings-limit-error" errors={limitProblems} />
        </div>
      </fieldset>
    </>
  );
}
