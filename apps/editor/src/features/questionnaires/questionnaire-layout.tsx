import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { NavLink, Outlet, useParams } from 'react-router';
import { useTRPC } from '../../data/trpc.ts';
import { ProblemMessage } from '../../ui/index.ts';

/** The id of the questionnaire in the URL; every page under /questionnaires/:id has it. */
export function useQuestionnaireId(): string {
  const { questionnaireId } = useParams();
  if (!questionnaireId) throw new Error('No questionnaire in the URL');
  return questionnaireId;
}

const TABS = [
  { to: '', label: 'Draft', end: true },
  { to: 'versions', label: 'Versions', end: false },
  { to: 'settings', label: 'Settings', end: false },
  { to: 'responses', label: 'Responses', end: false },
];

/** One questionnaire: its name, publish with a note, and the tabs. */
export function QuestionnaireLayout() {
  const id = useQuestionnaireId();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const questionnaire = useQuery(trpc.questionnaires.get.queryOptions({ id }));
  const [note, setNote] = useState('');
  const publish = useMutation(
    trpc.questionnaires.publish.mutationOptions({
      onSuccess: async (detail) => {
        setNote('');
        queryClient.setQueryData(trpc.questionnaires.get.queryKey({ id }), detail);
        await queryClient.invalidateQueries({ queryKey: trpc.questionnaires.versions.queryKey({ id }) });
      },
    }),
  );
  if (questionnaire.error) return <ProblemMessage error={questionnaire.error} />;
  if (!questionnaire.data) return <p>Loading…</p>;
  const { name, currentVersion, hasUnpublishedChanges } = questionnaire.data;
  return (
    <>
      <title>{`${name} · Forms Engine`}</title>
      <h1>{name}</h1>
      <p className="muted">
        {currentVersion === 0 ? 'Not published yet' : `Published version ${currentVersion}`}
        {hasUnpublishedChanges && (
          <>
            {' '}
            <span className="badge">Unpublished changes</span>
          </>
        )}
      </p>
      <form
        className="row"
        onSubmit={(event) => {
          event.preventDefault();
          publish.mutate({ id, ...(note.trim() ? { note: note.trim() } : {}) });
        }}
      >
        <div className="field">
          <label htmlFor="publish-note">Publish note (optional)</label>
          <input id="publish-note" value={note} onChange={(event) => setNote(event.target.value)} />
        </div>
        <button type="submit" className="primary" disabled={publish.isPending}>
          Publish
        </button>
        {publish.isSuccess && <span role="status">Published version {publish.data.currentVersion}</span>}
      </form>
      <ProblemMessage error={publish.error} />
      <nav aria-label="Questionnaire">
        <ul className="tabs">
          {TABS.map((tab) => (
            <li key={tab.label}>
              <NavLink to={tab.to} end={tab.end}>
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <Outlet />
    </>
  );
}
