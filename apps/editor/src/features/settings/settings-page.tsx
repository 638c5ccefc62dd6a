import {
  AllowedOrigin,
  MAX_ALLOWED_ORIGINS,
  PatchQuestionnaireRequest,
  type QuestionnaireDetail,
  type SubmissionPolicy,
} from '@forms-engine/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useAutosave } from '../../data/autosave.ts';
import { canonicalJson, fingerprint, type PendingEntry, pendingEdits } from '../../data/pending-edits.ts';
import { useQuestionnaireId } from '../../data/questionnaire-id.ts';
import { useTRPC } from '../../data/trpc.ts';
import { ProblemMessage } from '../../ui/index.ts';
import { LeaveGuard } from '../../ui/leave-guard.tsx';
import { ListInput } from '../../ui/list-input.tsx';
import { refusalInWords, SaveStatus } from '../../ui/save-status.tsx';
import { EmbedPanel } from './embed-panel.tsx';

/** What this page edits, saved as the draft is: a moment after each change. */
interface Settings {
  name: string;
  allowedOrigins: string[];
  submissionPolicy: SubmissionPolicy;
}

const settingsOf = (detail: QuestionnaireDetail): Settings => ({
  name: detail.name,
  allowedOrigins: detail.allowedOrigins,
  submissionPolicy: detail.submissionPolicy,
});

const sameSettings = (a: Settings, b: Settings) => canonicalJson(a) === canonicalJson(b);

/** The same check the API makes, so a typo shows before saving. */
const originRefusal = (value: string) =>
  AllowedOrigin.safeParse(value).success
    ? undefined
    : `“${value}” is not an origin. Use the start of a web address, such as https://app.example.com, http://localhost:5173 or https://*.example.com.`;

/** The settings' problems, in words, by field. */
function settingsProblems(settings: Settings): { name?: string; allowedOrigins?: string } {
  const parsed = PatchQuestionnaireRequest.safeParse(settings);
  if (parsed.success) return {};
  const problems: { name?: string; allowedOrigins?: string } = {};
  for (const issue of parsed.error.issues) {
    if (issue.path[0] === 'name')
      problems.name ??=
        settings.name.trim() === '' ? 'Give the questionnaire a name.' : 'Shorten the name to at most 200 characters.';
    if (issue.path[0] === 'allowedOrigins')
      problems.allowedOrigins ??=
        settings.allowedOrigins.length > MAX_ALLOWED_ORIGINS
          ? `Allow at most ${MAX_ALLOWED_ORIGINS} sites.`
          : (originRefusal(String(settings.allowedOrigins[Number(issue.path[1])] ?? '')) ?? 'Check the allowed sites.');
  }
  return problems;
}

const timeOf = (ms: number) => new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

function SettingsForm({
  questionnaire,
  kept,
}: {
  questionnaire: QuestionnaireDetail;
  kept: PendingEntry<Settings> | undefined;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const saved = settingsOf(questionnaire);
  // Changes kept in this browser come back at once when the server still holds what they were made on.
  const [offer, setOffer] = useState(kept && kept.base !== fingerprint(saved) ? kept : undefined);
  const [settings, setSettings] = useState<Settings>(kept && !offer ? kept.value : saved);
  const [typing, setTyping] = useState('');
  const patch = useMutation(trpc.questionnaires.patch.mutationOptions());
  const mutate = useRef(patch.mutateAsync);
  mutate.current = patch.mutateAsync;
  const problems = settingsProblems(settings);
  const { state, saver } = useAutosave(settings, () => ({
    saved,
    equals: sameSettings,
    isValid: (value: Settings) => Object.keys(settingsProblems(value)).length === 0,
    persist: pendingEdits<Settings>('settings', questionnaire.id),
    save: async (value: Settings) => {
      const detail = await mutate.current({ id: questionnaire.id, ...value });
      queryClient.setQueryData(trpc.questionnaires.get.queryKey({ id: questionnaire.id }), detail);
      return settingsOf(detail);
    },
  }));
  const count = Object.keys(problems).length;
  const reason =
    state.kind === 'invalid'
      ? `${Object.values(problems)[0] ?? 'A setting needs fixing.'}`
      : state.kind === 'refused' || state.kind === 'unreachable'
        ? refusalInWords(state.problem)
        : typing.trim()
          ? `“${typing.trim()}” is typed but not added to the allowed sites.`
          : undefined;
  const firstField = problems.name ? 'settings-name' : 'new-origin';
  return (
    <form onSubmit={(event) => event.preventDefault()} aria-labelledby="settings-title">
      <LeaveGuard unsaved={state.kind !== 'saved' || typing.trim() !== ''} flush={saver.flush} reason={reason} />
      <div className="actions">
        <SaveStatus
          state={state}
          problemCount={count}
          firstProblem={
            count > 0
              ? {
                  label: problems.name ? 'Name' : 'Allowed sites',
                  href: `#${firstField}`,
                  onGo: () => document.getElementById(firstField)?.focus(),
                }
              : undefined
          }
          onRetry={saver.retryNow}
        />
      </div>
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
          aria-invalid={problems.name ? true : undefined}
          aria-describedby={problems.name ? 'settings-name-error' : undefined}
          onChange={(event) => setSettings({ ...settings, name: event.target.value })}
        />
        {problems.name && (
          <p id="settings-name-error" className="field-error">
            {problems.name}
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
          invalid={Boolean(problems.allowedOrigins)}
          describedBy={['origins-help', problems.allowedOrigins ? 'origins-error' : ''].filter(Boolean).join(' ')}
          onPendingChange={setTyping}
          onChange={(allowedOrigins) => setSettings({ ...settings, allowedOrigins })}
        />
        {problems.allowedOrigins && (
          <p id="origins-error" className="field-error">
            {problems.allowedOrigins}
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
            onChange={() => setSettings({ ...settings, submissionPolicy: 'MULTIPLE' })}
          />{' '}
          Multiple submissions (any number of responses)
        </label>
        <label>
          <input
            type="radio"
            name="policy"
            value="ONE_PER_REF"
            checked={settings.submissionPolicy === 'ONE_PER_REF'}
            onChange={() => setSettings({ ...settings, submissionPolicy: 'ONE_PER_REF' })}
          />{' '}
          One completed response per external reference
        </label>
      </fieldset>
    </form>
  );
}

/** Name, allowed origins, submission policy (saved as you go), and the snippets that embed it. */
export function SettingsPage() {
  const id = useQuestionnaireId();
  const trpc = useTRPC();
  const questionnaire = useQuery(trpc.questionnaires.get.queryOptions({ id }));
  // Read once per visit: changes kept in this browser from an earlier one.
  const [kept] = useState(() => pendingEdits<Settings>('settings', id).read());
  if (questionnaire.error) return <ProblemMessage error={questionnaire.error} />;
  if (!questionnaire.data) return <p>Loading…</p>;
  const usable =
    kept && !sameSettings(kept.value, settingsOf(questionnaire.data)) && typeof kept.value?.name === 'string'
      ? kept
      : undefined;
  return (
    <>
      <h2 id="settings-title">Settings</h2>
      <SettingsForm key={questionnaire.data.id} questionnaire={questionnaire.data} kept={usable} />
      <EmbedPanel
        publicId={questionnaire.data.publicId}
        published={questionnaire.data.currentVersion > 0}
        hiddenFields={questionnaire.data.draft.hiddenFields}
      />
    </>
  );
}
