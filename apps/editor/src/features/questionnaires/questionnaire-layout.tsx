import type { Definition } from '@forms-engine/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link, NavLink, Outlet } from 'react-router';
import type { Autosaver } from '../../data/autosave.ts';
import { DraftSaverContext, useDraftSaveState } from '../../data/draft-saver.ts';
import { pendingEdits } from '../../data/pending-edits.ts';
import { useQuestionnaireId } from '../../data/questionnaire-id.ts';
import { useCan } from '../../data/session.ts';
import { useTRPC } from '../../data/trpc.ts';
import { missingByLanguage, untranslatedInWords } from '../../definition-words/index.ts';
import { ProblemMessage } from '../../ui/index.ts';
import { AvailabilityLine, useRefetchAtBoundary } from './availability-line.tsx';

/** `editing`: a tab only editors (and owners) are offered; an analyst reads versions and results. */
const TABS = [
  { to: '', label: 'Draft', end: true, editing: true },
  { to: 'translate', label: 'Translate', end: false, editing: true },
  { to: 'versions', label: 'Versions', end: false, editing: false },
  { to: 'settings', label: 'Settings', end: false, editing: true },
  // The results open on their summary; the table of responses comes after it.
  { to: 'summary', label: 'Summary', end: false, editing: false },
  { to: 'responses', label: 'Responses', end: false, editing: false },
  { to: 'integrations', label: 'Integrations', end: false, editing: true },
];

/** One questionnaire: its name, publish with a note, and the tabs. */
export function QuestionnaireLayout() {
  const id = useQuestionnaireId();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const canEdit = useCan('EDITOR');
  const questionnaire = useQuery(trpc.questionnaires.get.queryOptions({ id }));
  useRefetchAtBoundary(questionnaire.data, trpc.questionnaires.get.queryKey({ id }));
  const [note, setNote] = useState('');
  const [draftSaver, setDraftSaver] = useState<Autosaver<Definition>>();
  const draftState = useDraftSaveState(draftSaver);
  const [notSaved, setNotSaved] = useState(false);
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
  // Publish sends what the server holds: never while the latest edits are not there yet.
  const hasProblems = draftState.kind === 'invalid' || draftState.kind === 'refused';
  const keptElsewhere = !draftSaver && pendingEdits('draft', id).read() !== undefined;
  // Publishing an unchanged draft creates nothing (the API answers with the same version).
  const nothingToPublish =
    currentVersion > 0 && !hasUnpublishedChanges && draftState.kind === 'saved' && !keptElsewhere;
  const blocked = hasProblems || keptElsewhere || nothingToPublish;
  const publishLatest = async () => {
    setNotSaved(false);
    if (draftSaver && !(await draftSaver.flush())) {
      setNotSaved(true);
      return;
    }
    publish.mutate({ id, ...(note.trim() ? { note: note.trim() } : {}) });
  };
  // One line says where publishing stands, and why Publish is disabled when nothing changed.
  const justPublished = publish.isSuccess && publish.data.currentVersion === currentVersion;
  const state = publish.isPending
    ? 'Publishing…'
    : currentVersion === 0
      ? 'Not published yet.'
      : nothingToPublish
        ? `Version ${currentVersion} is published${justPublished ? ' (just now)' : ''}. The draft is the same: nothing to publish.`
        : `Version ${currentVersion} is published. The draft has changes that are not published yet.`;
  const reasonId = blocked && !nothingToPublish ? 'publish-reason' : nothingToPublish ? 'publish-state' : undefined;
  // Texts not translated warn, and never block: respondents read them in the default language.
  const untranslated = untranslatedInWords(questionnaire.data.draft);
  const warned = untranslated.length > 0 && (!nothingToPublish || justPublished);
  const firstMissing = missingByLanguage(questionnaire.data.draft).find((entry) => entry.missing > 0)?.language;
  const describedBy = [notSaved ? 'publish-reason' : reasonId, warned ? 'publish-warning' : undefined]
    .filter(Boolean)
    .join(' ');
  return (
    <>
      <title>{`${name} · Forms Engine`}</title>
      <h1>{name}</h1>
      <AvailabilityLine facts={questionnaire.data} />
      {/* An analyst reads what is published; publishing (and its note and warnings) is not offered. */}
      {!canEdit && (
        <p className="publish-state">
          {currentVersion === 0 ? 'Not published yet.' : `Version ${currentVersion} is published.`}
        </p>
      )}
      {canEdit && (
        <p id="publish-state" className="publish-state" role="status">
          {state}
        </p>
      )}
      {/* Not a form: Enter in the note must never publish; only a press of the button does. */}
      {canEdit && (
        <div className="row">
          <div className="field">
            <label htmlFor="publish-note">Publish note (optional)</label>
            <input id="publish-note" value={note} onChange={(event) => setNote(event.target.value)} />
          </div>
          <button
            type="button"
            className="primary"
            disabled={publish.isPending || blocked}
            aria-describedby={describedBy || undefined}
            onClick={() => void publishLatest()}
          >
            Publish
          </button>
          {hasProblems ? (
            <p id="publish-reason" className="muted publish-reason">
              Fix the problems in the draft before publishing: its latest edits are not saved yet.
            </p>
          ) : keptElsewhere ? (
            <p id="publish-reason" className="muted publish-reason">
              Your latest edits to the draft are kept in this browser but not saved yet.{' '}
              <Link to="">Open the draft</Link> to save them before publishing.
            </p>
          ) : notSaved ? (
            <p id="publish-reason" className="muted publish-reason" role="alert">
              Nothing was published: the draft's latest edits could not be saved. Try again in a moment.
            </p>
          ) : null}
        </div>
      )}
      {canEdit && warned && (
        <div id="publish-warning" className="publish-warning">
          <p>
            {justPublished ? 'Published with texts not translated:' : 'Publishing works with texts not translated:'}{' '}
            {firstMissing && (
              <Link to={`translate?language=${encodeURIComponent(firstMissing)}&missing=1`}>Translate them</Link>
            )}
          </p>
          <ul>
            {untranslated.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        </div>
      )}
      <ProblemMessage error={publish.error} />
      <nav aria-label="Questionnaire">
        <ul className="tabs">
          {TABS.filter((tab) => canEdit || !tab.editing).map((tab) => (
            <li key={tab.label}>
              <NavLink to={tab.to} end={tab.end}>
                {tab.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
      <DraftSaverContext.Provider value={setDraftSaver}>
        <Outlet />
      </DraftSaverContext.Provider>
    </>
  );
}
