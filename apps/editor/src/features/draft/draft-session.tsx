import { Definition, type QuestionnaireDetail } from '@forms-engine/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useCallback, useRef, useState } from 'react';
import { useAutosave } from '../../data/autosave.ts';
import { useLendDraftSaver } from '../../data/draft-saver.ts';
import { canonicalJson, fingerprint, type PendingEntry, pendingEdits } from '../../data/pending-edits.ts';
import { useQuestionnaireId } from '../../data/questionnaire-id.ts';
import { useTRPC } from '../../data/trpc.ts';
import { ProblemMessage } from '../../ui/index.ts';
import { ModalDialog } from '../../ui/modal-dialog.tsx';
import { refusalInWords } from '../../ui/save-status.tsx';
import { draftProblems } from './problems.ts';
import { followStructure } from './translations.ts';
import { useHistory } from './use-history.ts';

/**
 * One draft, edited on any screen that edits it (the draft's outline and properties, the
 * translations): kept edits restored or offered, undo and redo, saved as you go with the
 * autosaver's guarantees (nothing sent that the server would refuse, every unsaved edit kept in
 * this browser under the one key of this questionnaire's draft), lent to the header's Publish.
 * Every edit passes through `followStructure`, so translations never outlive what they translate.
 */

export const timeOf = (ms: number) =>
  new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

export interface DraftStart {
  questionnaire: QuestionnaireDetail;
  /** The draft to start from: the server's, or edits kept in this browser. */
  initial: Definition;
  /** When the restored edits were made. */
  restoredAt?: number | undefined;
}

export function useDraftSession({ questionnaire, initial, restoredAt }: DraftStart) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const server = questionnaire.draft;
  const history = useHistory<Definition>(initial, initial === server ? [] : [server]);
  const [restored, setRestored] = useState(restoredAt);

  const replace = useMutation(trpc.questionnaires.replaceDraft.mutationOptions());
  const mutate = useRef(replace.mutateAsync);
  mutate.current = replace.mutateAsync;
  const { state, saver } = useAutosave(history.value, () => ({
    saved: server,
    save: async (draft: Definition) => {
      const detail = await mutate.current({ id: questionnaire.id, ...draft });
      // What the server now holds, for the header's badge and the versions' diff with the draft.
      queryClient.setQueryData(trpc.questionnaires.get.queryKey({ id: questionnaire.id }), detail);
      return detail.draft;
    },
    isValid: (draft: Definition) => draftProblems(draft).length === 0,
    persist: pendingEdits<Definition>('draft', questionnaire.id),
  }));
  useLendDraftSaver(saver);

  const serverErrors = state.kind === 'refused' ? (state.problem.errors ?? []) : [];
  const problems = draftProblems(history.value, serverErrors);
  const first = problems[0];
  const more = problems.length > 1 ? ` And ${problems.length - 1} more.` : '';
  const reason =
    state.kind === 'invalid' && first
      ? `${first.where}: ${first.message}${more}`
      : state.kind === 'refused' || state.kind === 'unreachable'
        ? refusalInWords(state.problem)
        : undefined;

  const historyApply = history.apply;
  const apply = useCallback(
    (change: (definition: Definition) => Definition, key?: string) =>
      historyApply((definition) => {
        const next = change(definition);
        return next === definition ? definition : followStructure(next);
      }, key),
    [historyApply],
  );

  const restoredNotice =
    restored === undefined ? null : (
      <div className="notice" role="status">
        <p>
          Your edits from {timeOf(restored)} were not saved on the server yet; they are back, and saving goes on from
          here.
        </p>
        <div className="actions">
          <button type="button" onClick={() => setRestored(undefined)}>
            Keep them
          </button>
          <button
            type="button"
            onClick={() => {
              history.apply(() => server);
              setRestored(undefined);
            }}
          >
            Discard them (back to the saved draft)
          </button>
        </div>
      </div>
    );

  return { history, value: history.value, apply, state, saver, problems, reason, restoredNotice };
}
export type DraftSession = ReturnType<typeof useDraftSession>;

/** A kept draft that is worth offering: it parses as a layout and differs from the server's. */
function isUsable(entry: PendingEntry<Definition> | undefined): entry is PendingEntry<Definition> {
  const value = entry?.value as Partial<Definition> | undefined;
  return Boolean(value && Array.isArray(value.steps) && Array.isArray(value.tabs) && Array.isArray(value.questions));
}

/** Two drafts that the server would store the same. */
function sameDraft(a: Definition, b: Definition): boolean {
  const parsed = Definition.safeParse(a);
  return canonicalJson(parsed.success ? parsed.data : a) === canonicalJson(b);
}

type Start =
  | { kind: 'server' }
  | { kind: 'restore'; entry: PendingEntry<Definition> }
  | { kind: 'ask'; entry: PendingEntry<Definition> };

function startOf(questionnaire: QuestionnaireDetail): Start {
  const store = pendingEdits<Definition>('draft', questionnaire.id);
  const entry = store.read();
  if (!isUsable(entry) || sameDraft(entry.value, questionnaire.draft)) {
    store.clear();
    return { kind: 'server' };
  }
  // Made on the draft the server still holds: simply the builder's unsaved work.
  if (entry.base === fingerprint(questionnaire.draft)) return { kind: 'restore', entry };
  return { kind: 'ask', entry };
}

/** Edits kept in this browser were made on a draft the server no longer holds: the builder chooses. */
function RestoreChoice({
  entry,
  onUse,
  onDiscard,
}: {
  entry: PendingEntry<Definition>;
  onUse: () => void;
  onDiscard: () => void;
}) {
  return (
    <ModalDialog title="Edits that were not saved" onCancel={onUse}>
      <p>
        On {timeOf(entry.savedAt)} you made edits here that the server did not save. The draft on the server has changed
        since (it was saved from another tab, or a version was restored).
      </p>
      <div className="actions">
        <button type="button" className="primary" onClick={onUse}>
          Use my edits
        </button>
        <button type="button" onClick={onDiscard}>
          Discard my edits and open the server’s draft
        </button>
      </div>
    </ModalDialog>
  );
}

function DraftLoader({
  questionnaire,
  editor,
}: {
  questionnaire: QuestionnaireDetail;
  editor: (start: DraftStart) => ReactNode;
}) {
  const [start, setStart] = useState(() => startOf(questionnaire));
  if (start.kind === 'ask') {
    return (
      <RestoreChoice
        entry={start.entry}
        onUse={() => setStart({ kind: 'restore', entry: start.entry })}
        onDiscard={() => {
          pendingEdits('draft', questionnaire.id).clear();
          setStart({ kind: 'server' });
        }}
      />
    );
  }
  return editor({
    questionnaire,
    initial: start.kind === 'restore' ? start.entry.value : questionnaire.draft,
    restoredAt: start.kind === 'restore' ? start.entry.savedAt : undefined,
  });
}

/** A screen that edits the draft: loaded, with kept edits restored or offered, then `editor`. */
export function DraftScreen({ editor }: { editor: (start: DraftStart) => ReactNode }) {
  const id = useQuestionnaireId();
  const trpc = useTRPC();
  const questionnaire = useQuery(trpc.questionnaires.get.queryOptions({ id }));
  if (questionnaire.error) return <ProblemMessage error={questionnaire.error} />;
  if (!questionnaire.data) return <p>Loading…</p>;
  // Keyed by the questionnaire: another questionnaire starts a fresh history.
  return <DraftLoader key={questionnaire.data.id} questionnaire={questionnaire.data} editor={editor} />;
}
