import type { Definition, QuestionnaireDetail } from '@forms-engine/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useState } from 'react';
import { useTRPC } from '../../data/trpc.ts';
import { ProblemMessage } from '../../ui/index.ts';
import { useQuestionnaireId } from '../questionnaires/questionnaire-layout.tsx';
import type { Selection } from './model.ts';
import { Outline } from './outline.tsx';
import { Preview } from './preview.tsx';
import { Properties } from './properties.tsx';
import { type SaveState, useAutosave } from './use-autosave.ts';
import { useHistory } from './use-history.ts';

function SaveStatus({ state }: { state: SaveState }) {
  return (
    <p role="status" className="save-status">
      {state.kind === 'saved' ? 'Saved' : state.kind === 'saving' ? 'Saving…' : `Not saved: ${state.problem.detail}`}
    </p>
  );
}

function DraftEditor({ questionnaire }: { questionnaire: QuestionnaireDetail }) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const history = useHistory<Definition>(questionnaire.draft);
  const [selection, setSelection] = useState<Selection>();
  const replace = useMutation(trpc.questionnaires.replaceDraft.mutationOptions());
  const save = useCallback(
    async (draft: Definition) => {
      const detail = await replace.mutateAsync({ id: questionnaire.id, ...draft });
      // What the server now holds, for the header's badge and the versions' diff with the draft.
      // The editor keeps its own state (and history); it read the cached draft only once.
      queryClient.setQueryData(trpc.questionnaires.get.queryKey({ id: questionnaire.id }), detail);
    },
    [questionnaire.id, queryClient, replace.mutateAsync, trpc],
  );
  const state = useAutosave(history.value, questionnaire.draft, save);
  const problem = state.kind === 'error' ? state.problem : undefined;

  return (
    <>
      <div className="actions">
        <button type="button" onClick={history.undo} disabled={!history.canUndo} aria-keyshortcuts="Control+Z">
          Undo
        </button>
        <button type="button" onClick={history.redo} disabled={!history.canRedo} aria-keyshortcuts="Control+Shift+Z">
          Redo
        </button>
        <SaveStatus state={state} />
      </div>
      {problem && <ProblemMessage problem={problem} />}
      <div className="draft-layout">
        <Outline
          definition={history.value}
          selection={selection}
          problem={problem}
          onSelect={setSelection}
          onChange={(change) => history.apply(change)}
        />
        <Properties
          definition={history.value}
          selection={selection}
          problem={problem}
          onChange={(change, key) => history.apply(change, key)}
        />
        <Preview definition={history.value} />
      </div>
    </>
  );
}

/** The draft: outline, properties and a live preview, saved as you go, with undo and redo. */
export function DraftPage() {
  const id = useQuestionnaireId();
  const trpc = useTRPC();
  const questionnaire = useQuery(trpc.questionnaires.get.queryOptions({ id }));
  if (questionnaire.error) return <ProblemMessage error={questionnaire.error} />;
  if (!questionnaire.data) return <p>Loading…</p>;
  // Keyed by the questionnaire, so a restored version (a new draft from the server) starts a fresh history.
  return <DraftEditor key={`${questionnaire.data.id}`} questionnaire={questionnaire.data} />;
}
