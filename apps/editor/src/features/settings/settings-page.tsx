import {
  AllowedOrigin,
  MAX_ALLOWED_ORIGINS,
  type QuestionnaireDetail,
  type SubmissionPolicy,
} from '@forms-engine/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { fieldErrors, problemOf } from '../../data/problem.ts';
import { useTRPC } from '../../data/trpc.ts';
import { ProblemMessage } from '../../ui/index.ts';
import { useQuestionnaireId } from '../questionnaires/questionnaire-layout.tsx';
import { EmbedPanel } from './embed-panel.tsx';

/** The same check the API makes, so a typo shows before saving. */
const originError = (value: string) => {
  const result = AllowedOrigin.safeParse(value.trim());
  return result.success ? undefined : (result.error.issues[0]?.message ?? 'Not an origin');
};

function SettingsForm({ questionnaire }: { questionnaire: QuestionnaireDetail }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [name, setName] = useState(questionnaire.name);
  const [origins, setOrigins] = useState<string[]>(questionnaire.allowedOrigins);
  const [newOrigin, setNewOrigin] = useState('');
  const [policy, setPolicy] = useState<SubmissionPolicy>(questionnaire.submissionPolicy);
  const patch = useMutation(
    trpc.questionnaires.patch.mutationOptions({
      onSuccess: (detail) =>
        queryClient.setQueryData(trpc.questionnaires.get.queryKey({ id: questionnaire.id }), detail),
    }),
  );
  const newOriginError = newOrigin.trim() ? originError(newOrigin) : undefined;
  const addOrigin = () => {
    const value = newOrigin.trim().toLowerCase();
    if (!value || newOriginError || origins.includes(value)) return;
    setOrigins([...origins, value]);
    setNewOrigin('');
  };
  const problem = patch.error ? problemOf(patch.error) : undefined;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        patch.mutate({ id: questionnaire.id, name, allowedOrigins: origins, submissionPolicy: policy });
      }}
    >
      <div className="field">
        <label htmlFor="settings-name">Name</label>
        <input id="settings-name" value={name} onChange={(event) => setName(event.target.value)} />
      </div>
      <fieldset>
        <legend>Allowed origins</legend>
        <p className="muted">
          Sites that may embed this questionnaire (up to {MAX_ALLOWED_ORIGINS}). Empty allows any site. Use
          https://app.example.com, http://localhost:5173 or https://*.example.com.
        </p>
        <ul aria-label="Allowed origins">
          {origins.map((origin, index) => (
            <li key={origin} className="row">
              <code>{origin}</code>
              <button
                type="button"
                aria-label={`Remove ${origin}`}
                onClick={() => setOrigins(origins.filter((o) => o !== origin))}
              >
                Remove
              </button>
              {fieldErrors(problem, `allowedOrigins.${index}`).map((message) => (
                <span key={message} className="field-error">
                  {message}
                </span>
              ))}
            </li>
          ))}
        </ul>
        <div className="row">
          <div className="field">
            <label htmlFor="new-origin">Origin to allow</label>
            <input
              id="new-origin"
              value={newOrigin}
              aria-invalid={newOriginError ? true : undefined}
              aria-describedby={newOriginError ? 'new-origin-error' : undefined}
              onChange={(event) => setNewOrigin(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  addOrigin();
                }
              }}
            />
            {newOriginError && (
              <p id="new-origin-error" className="field-error">
                {newOriginError}
              </p>
            )}
          </div>
          <button type="button" onClick={addOrigin} disabled={!newOrigin.trim() || Boolean(newOriginError)}>
            Add origin
          </button>
        </div>
      </fieldset>
      <fieldset>
        <legend>Submission policy</legend>
        <label>
          <input
            type="radio"
            name="policy"
            value="MULTIPLE"
            checked={policy === 'MULTIPLE'}
            onChange={() => setPolicy('MULTIPLE')}
          />{' '}
          Multiple submissions (any number of responses)
        </label>
        <label>
          <input
            type="radio"
            name="policy"
            value="ONE_PER_REF"
            checked={policy === 'ONE_PER_REF'}
            onChange={() => setPolicy('ONE_PER_REF')}
          />{' '}
          One completed response per external reference
        </label>
      </fieldset>
      <div className="actions">
        <button type="submit" className="primary" disabled={patch.isPending}>
          Save settings
        </button>
        {patch.isSuccess && <span role="status">Settings saved</span>}
      </div>
      <ProblemMessage error={patch.error} />
    </form>
  );
}

/** Name, allowed origins, submission policy, and the snippets that embed it. */
export function SettingsPage() {
  const id = useQuestionnaireId();
  const trpc = useTRPC();
  const questionnaire = useQuery(trpc.questionnaires.get.queryOptions({ id }));
  if (questionnaire.error) return <ProblemMessage error={questionnaire.error} />;
  if (!questionnaire.data) return <p>Loading…</p>;
  return (
    <>
      <h2>Settings</h2>
      <SettingsForm key={questionnaire.data.id} questionnaire={questionnaire.data} />
      <EmbedPanel publicId={questionnaire.data.publicId} published={questionnaire.data.currentVersion > 0} />
    </>
  );
}
