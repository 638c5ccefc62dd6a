import { allQuestions, Definition, type QuestionnaireDetail } from '@forms-engine/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useAutosave } from '../../data/autosave.ts';
import { canonicalJson, fingerprint, type PendingEntry, pendingEdits } from '../../data/pending-edits.ts';
import { useTRPC } from '../../data/trpc.ts';
import { ProblemMessage } from '../../ui/index.ts';
import { LeaveGuard } from '../../ui/leave-guard.tsx';
import { ModalDialog } from '../../ui/modal-dialog.tsx';
import { refusalInWords, SaveStatus } from '../../ui/save-status.tsx';
import { useLendDraftSaver } from '../questionnaires/draft-saver.ts';
import { useQuestionnaireId } from '../questionnaires/questionnaire-layout.tsx';
import { publishedNames } from './codes.ts';
import type { Selection } from './model.ts';
import { Outline } from './outline.tsx';
import { Preview } from './preview.tsx';
import { ProblemList } from './problem-list.tsx';
import { type DraftProblem, draftProblems } from './problems.ts';
import { NOTHING_PUBLISHED, Properties, type Published } from './properties.tsx';
import { useHistory } from './use-history.ts';

const timeOf = (ms: number) => new Date(ms).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/**
 * Keeps a CSS variable on the element's parent at the element's height, so the sticky panels
 * below the sticky toolbar start where it ends, however its status line wraps.
 */
function useStickyHeight<T extends HTMLElement>(variable: string) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    const parent = element?.parentElement;
    if (!element || !parent || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => parent.style.setProperty(variable, `${element.offsetHeight}px`));
    observer.observe(element);
    return () => observer.disconnect();
  }, [variable]);
  return ref;
}

/** What the latest published version uses (codes that collect answers, their choice values). */
function usePublished(id: string, version: number): Published {
  const trpc = useTRPC();
  const query = useQuery({ ...trpc.questionnaires.version.queryOptions({ id, n: version }), enabled: version > 0 });
  return useMemo(() => {
    const definition = query.data?.definition;
    if (!definition) return NOTHING_PUBLISHED;
    const { codes, values } = publishedNames(definition);
    const codeById = new Map(allQuestions(definition).map((question) => [question.id, question.code]));
    return { version, codes, values, codeById };
  }, [query.data, version]);
}

interface EditorProps {
  questionnaire: QuestionnaireDetail;
  /** The draft to start from: the server's, or edits kept in this browser. */
  initial: Definition;
  /** When the restored edits were made. */
  restoredAt?: number | undefined;
}

function DraftEditor({ questionnaire, initial, restoredAt }: EditorProps) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const server = questionnaire.draft;
  const history = useHistory<Definition>(initial, initial === server ? [] : [server]);
  const [selection, setSelection] = useState<Selection>();
  const [focus, setFocus] = useState<{ id: string; n: number }>();
  const [typing, setTyping] = useState<Record<string, boolean>>({});
  const [restored, setRestored] = useState(restoredAt);
  const live = useQuery(trpc.questionnaires.get.queryOptions({ id: questionnaire.id }));
  const published = usePublished(questionnaire.id, live.data?.currentVersion ?? questionnaire.currentVersion);

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

  const select = useCallback((next: Selection, field?: string) => {
    setSelection(next);
    if (field) setFocus((current) => ({ id: field, n: (current?.n ?? 0) + 1 }));
  }, []);
  const goTo = useCallback(
    (problem: DraftProblem) => {
      if (problem.selection) select(problem.selection, problem.fieldId ?? 'properties-title');
    },
    [select],
  );
  useEffect(() => {
    if (focus) document.getElementById(focus.id)?.focus();
  }, [focus]);

  const typed = Object.values(typing).some(Boolean);
  const unsaved = state.kind !== 'saved' || typed;
  const more = problems.length > 1 ? ` And ${problems.length - 1} more.` : '';
  const reason =
    state.kind === 'invalid' && first
      ? `${first.where}: ${first.message}${more}`
      : state.kind === 'refused' || state.kind === 'unreachable'
        ? refusalInWords(state.problem)
        : typed
          ? 'Something typed in a list box is not added yet.'
          : undefined;
  const toolbar = useStickyHeight<HTMLDivElement>('--draft-toolbar');

  return (
    <div className="draft">
      <LeaveGuard unsaved={unsaved} flush={saver.flush} reason={reason} />
      <div className="draft-toolbar actions" ref={toolbar}>
        <button type="button" onClick={history.undo} disabled={!history.canUndo} aria-keyshortcuts="Control+Z">
          Undo
        </button>
        <button type="button" onClick={history.redo} disabled={!history.canRedo} aria-keyshortcuts="Control+Shift+Z">
          Redo
        </button>
        <SaveStatus
          state={state}
          problemCount={problems.length}
          firstProblem={
            first && { label: first.where, href: `#${first.fieldId ?? 'properties-title'}`, onGo: () => goTo(first) }
          }
          onRetry={saver.retryNow}
        />
      </div>
      {restored !== undefined && (
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
      )}
      <ProblemList problems={problems} onGo={goTo} />
      <div className="draft-layout">
        <Outline
          definition={history.value}
          selection={selection}
          problems={problems}
          onSelect={select}
          onChange={(change) => history.apply(change)}
        />
        <Properties
          definition={history.value}
          selection={selection}
          problems={problems}
          published={published}
          onChange={(change, key) => history.apply(change, key)}
          onPendingText={(field, text) =>
            setTyping((current) =>
              Boolean(current[field]) === Boolean(text.trim())
                ? current
                : { ...current, [field]: Boolean(text.trim()) },
            )
          }
        />
        <Preview definition={history.value} selection={selection} />
      </div>
    </div>
  );
}

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

function DraftLoader({ questionnaire }: { questionnaire: QuestionnaireDetail }) {
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
  return (
    <DraftEditor
      questionnaire={questionnaire}
      initial={start.kind === 'restore' ? start.entry.value : questionnaire.draft}
      restoredAt={start.kind === 'restore' ? start.entry.savedAt : undefined}
    />
  );
}

/** The draft: outline, properties and a live preview, saved as you go, with undo and redo. */
export function DraftPage() {
  const id = useQuestionnaireId();
  const trpc = useTRPC();
  const questionnaire = useQuery(trpc.questionnaires.get.queryOptions({ id }));
  if (questionnaire.error) return <ProblemMessage error={questionnaire.error} />;
  if (!questionnaire.data) return <p>Loading…</p>;
  // Keyed by the questionnaire: another questionnaire starts a fresh history.
  return <DraftLoader key={questionnaire.data.id} questionnaire={questionnaire.data} />;
}
