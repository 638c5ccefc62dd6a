import {
  type Definition,
  MAX_ALLOWED_ORIGINS,
  PatchQuestionnaireRequest,
  type Problem,
  type QuestionnaireDetail,
} from '@forms-engine/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useAutosave } from '../../data/autosave.ts';
import { fingerprint, type PendingEntry, pendingEdits } from '../../data/pending-edits.ts';
import { fieldErrors } from '../../data/problem.ts';
import { useQuestionnaireId } from '../../data/questionnaire-id.ts';
import { useTRPC } from '../../data/trpc.ts';
import { ProblemMessage } from '../../ui/index.ts';
import { LeaveGuard } from '../../ui/leave-guard.tsx';
import { ListInput } from '../../ui/list-input.tsx';
import { refusalInWords, SaveStatus } from '../../ui/save-status.tsx';
import { EmbedPanel } from './embed-panel.tsx';
import { problemTarget } from './problem-targets.ts';
import { QuotaFields } from './quota-fields.tsx';
import { ScheduleFields } from './schedule-fields.tsx';
import {
  changedSettings,
  originRefusal,
  type Settings,
  sameSettings,
  settingsOf,
  settingsProblems,
} from './settings-model.ts';

const timeOf = (ms: number) => new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The server's messages by field path; the ones no field shows are listed under the status line. */
function serverProblems(problem: Problem | undefined) {
  const errors = problem?.errors ?? [];
  const unplaced = errors.filter((error) => !problemTarget(error.path)).map((error) => error.message);
  // The status line promises problems "listed below": a refusal naming no field still lists one.
  if (problem?.code === 'VALIDATION_FAILED' && errors.length === 0)
    unplaced.push('The server did not take these settings as they are: check them and try again.');
  return { at: (path: string) => fieldErrors(problem, path), unplaced: [...new Set(unplaced)] };
}

interface FormProps {
  questionnaire: QuestionnaireDetail;
  kept: PendingEntry<Settings> | undefined;
  /** What quotas read: the latest published version's definition (the draft's before any publish). */
  definition: Definition | undefined;
  source: string;
}

function SettingsForm({ questionnaire, kept, definition, source }: FormProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const saved = settingsOf(questionnaire);
  // Changes kept in this browser come back at once when the server still holds what they were made on.
  const [offer, setOffer] = useState(kept && kept.base !== fingerprint(saved) ? kept : undefined);
  const [settings, setSettings] = useState<Settings>(kept && !offer ? kept.value : saved);
  const [typing, setTyping] = useState('');
  const [unfinished, setUnfinished] = useState<ReadonlySet<string>>(new Set());
  const patch = useMutation(trpc.questionnaires.patch.mutationOptions());
  const mutate = useRef(patch.mutateAsync);
  mutate.current = patch.mutateAsync;
  // The autosaver's check runs later than this render: it reads the definition through a ref.
  const quotasRead = useRef(definition);
  quotasRead.current = definition;
  /** What the server held after the last save: each save sends only what differs from it. */
  const held = useRef(saved);
  const problems = settingsProblems(settings, definition);
  const { state, saver } = useAutosave(settings, () => ({
    saved,
    equals: sameSettings,
    isValid: (value: Settings) => Object.keys(settingsProblems(value, quotasRead.current)).length === 0,
    persist: pendingEdits<Settings>('settings', questionnaire.id),
    save: async (value: Settings) => {
      // Valid here (the autosaver checked), so the API's own schema gives the request its types.
      const change = PatchQuestionnaireRequest.parse(changedSettings(held.current, value));
      const detail = await mutate.current({ id: questionnaire.id, ...change });
      queryClient.setQueryData(trpc.questionnaires.get.queryKey({ id: questionnaire.id }), detail);
      held.current = settingsOf(detail);
      return held.current;
    },
  }));
  const server = serverProblems(state.kind === 'refused' ? state.problem : undefined);
  const errors = (path: string) => [...new Set([...(problems[path] ? [problems[path]] : []), ...server.at(path)])];
  const change = (next: Partial<Settings>) => setSettings((current) => ({ ...current, ...next }));
  const markUnfinished = (field: string, isUnfinished: boolean) =>
    setUnfinished((current) => {
      if (current.has(field) === isUnfinished) return current;
      const next = new Set(current);
      if (isUnfinished) next.add(field);
      else next.delete(field);
      return next;
    });

  const problemPaths = [
    ...Object.keys(problems),
    ...unfinished,
    ...(state.kind === 'refused' ? (state.problem.errors ?? []).map((error) => error.path) : []),
  ];
  const first = problemPaths
    .map((path) => problemTarget(path))
    .filter((target) => target !== undefined)
    .sort((a, b) => a.order - b.order)[0];
  const count = Object.keys(problems).length + unfinished.size;
  const firstMessage = Object.values(problems)[0];
  const reason =
    state.kind === 'invalid'
      ? (firstMessage ?? 'A setting needs fixing.')
      : state.kind === 'refused' || state.kind === 'unreachable'
        ? refusalInWords(state.problem)
        : unfinished.size > 0
          ? 'A date or a number is not finished.'
          : typing.trim()
            ? `“${typing.trim()}” is typed but not added to the allowed sites.`
            : undefined;
  const originProblems = errors('allowedOrigins').concat(
    settings.allowedOrigins.flatMap((_, i) => server.at(`allowedOrigins.${i}`)),
  );
  return (
    <form onSubmit={(event) => event.preventDefault()} aria-labelledby="settings-title">
      <LeaveGuard
        unsaved={state.kind !== 'saved' || typing.trim() !== '' || unfinished.size > 0}
        flush={saver.flush}
        reason={reason}
      />
      <div className="actions">
        <SaveStatus
          state={state}
          problemCount={count}
          firstProblem={
            first
              ? { label: first.label, href: `#${first.id}`, onGo: () => document.getElementById(first.id)?.focus() }
              : undefined
          }
          onRetry={saver.retryNow}
        />
      </div>
      {server.unplaced.length > 0 && (
        <ul className="field-error" aria-label="What the server found">
          {server.unplaced.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
      {offer && (
        <div className="notice" role="status">
          <p>
            You changed these settings on {timeOf(offer.savedAt)} and the server did not save them; they have changed on
            the server since.
          </p>
          <div className="actions">
            <button
              type="button"
              onClick={() => {
                setSettings(offer.value);
                setOffer(undefined);
              }}
            >
              Use my changes
            </button>
            <button
              type="button"
              onClick={() => {
                pendingEdits('settings', questionnaire.id).clear();
                setOffer(undefined);
              }}
            >
              Discard them
            </button>
          </div>
        </div>
      )}
      <div className="field">
        <label htmlFor="settings-name">Name</label>
        <input
          id="settings-name"
          value={settings.name}
          aria-invalid={errors('name').length > 0 || undefined}
          aria-describedby={errors('name').length > 0 ? 'settings-name-error' : undefined}
          onChange={(event) => change({ name: event.target.value })}
        />
        {errors('name').length > 0 && (
          <p id="settings-name-error" className="field-error">
            {errors('name').join(' ')}
          </p>
        )}
      </div>
      <fieldset>
        <legend>Allowed sites (origins)</legend>
        <p className="muted" id="origins-help">
          Sites that may embed this questionnaire (up to {MAX_ALLOWED_ORIGINS}). Empty allows any site. Use
          https://app.example.com, http://localhost:5173 or https://*.example.com.
        </p>
        <label htmlFor="new-origin">Site to allow</label>
        <ListInput
          id="new-origin"
          label="Allowed sites"
          type="url"
          items={settings.allowedOrigins}
          normalize={(item) => item.toLowerCase().replace(/\/+$/, '')}
          validate={originRefusal}
          invalid={originProblems.length > 0}
          describedBy={['origins-help', originProblems.length > 0 ? 'origins-error' : ''].filter(Boolean).join(' ')}
          onPendingChange={setTyping}
          onChange={(allowedOrigins) => change({ allowedOrigins })}
        />
        {originProblems.length > 0 && (
          <p id="origins-error" className="field-error">
            {[...new Set(originProblems)].join(' ')}
          </p>
        )}
      </fieldset>
      <fieldset>
        <legend>Submission policy</legend>
        <label>
          <input
            type="radio"
            name="policy"
            value="MULTIPLE"
            checked={settings.submissionPolicy === 'MULTIPLE'}
            onChange={() => change({ submissionPolicy: 'MULTIPLE' })}
          />{' '}
          Multiple submissions (any number of responses)
        </label>
        <label>
          <input
            type="radio"
            name="policy"
            value="ONE_PER_REF"
            checked={settings.submissionPolicy === 'ONE_PER_REF'}
            onChange={() => change({ submissionPolicy: 'ONE_PER_REF' })}
          />{' '}
          One completed response per external reference
        </label>
      </fieldset>
      <ScheduleFields
        settings={settings}
        onChange={change}
        errors={errors}
        completed={questionnaire.availability?.completed}
        onUnfinished={markUnfinished}
        unfinished={unfinished}
      />
      <QuotaFields
        quotas={settings.quotas}
        onChange={(quotas) => change({ quotas })}
        definition={definition}
        source={source}
        counts={questionnaire.availability?.quotas ?? []}
        errors={errors}
        onUnfinished={markUnfinished}
        unfinished={unfinished}
      />
    </form>
  );
}

/** The definition quotas read: the latest published version's, or the draft's before any publish. */
function useQuotaDefinition(questionnaire: QuestionnaireDetail | undefined) {
  const trpc = useTRPC();
  const n = questionnaire?.currentVersion ?? 0;
  const version = useQuery({
    ...trpc.questionnaires.version.queryOptions({ id: questionnaire?.id ?? '', n: Math.max(n, 1) }),
    enabled: n > 0,
  });
  if (!questionnaire) return { definition: undefined, source: '' };
  if (n === 0) return { definition: questionnaire.draft, source: 'the draft (nothing is published yet)' };
  return { definition: version.data?.definition, source: `version ${n}, the latest published` };
}

/** Name, allowed origins, submission policy, schedule, limit and quotas (saved as you go), and the snippets that embed it. */
export function SettingsPage() {
  const id = useQuestionnaireId();
  const trpc = useTRPC();
  const questionnaire = useQuery(trpc.questionnaires.get.queryOptions({ id }));
  const { definition, source } = useQuotaDefinition(questionnaire.data);
  // Read once per visit: changes kept in this browser from an earlier one.
  const [kept] = useState(() => pendingEdits<Settings>('settings', id).read());
  if (questionnaire.error) return <ProblemMessage error={questionnaire.error} />;
  if (!questionnaire.data) return <p>Loading…</p>;
  const saved = settingsOf(questionnaire.data);
  // Kept before this screen had a setting: the server's value fills it in.
  const restored =
    kept && typeof kept.value?.name === 'string' ? { ...kept, value: { ...saved, ...kept.value } } : undefined;
  const usable = restored && !sameSettings(restored.value, saved) ? restored : undefined;
  return (
    <>
      <h2 id="settings-title">Settings</h2>
      <SettingsForm
        key={questionnaire.data.id}
        questionnaire={questionnaire.data}
        kept={usable}
        definition={definition}
        source={source}
      />
      <EmbedPanel
        publicId={questionnaire.data.publicId}
        published={questionnaire.data.currentVersion > 0}
        hiddenFields={questionnaire.data.draft.hiddenFields}
      />
    </>
  );
}
