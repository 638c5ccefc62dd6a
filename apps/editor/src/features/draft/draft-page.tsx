import { allQuestions } from '@forms-engine/schema';
import { useQuery } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { useTRPC } from '../../data/trpc.ts';
import { publishedNames } from './codes.ts';
import { DraftHeader } from './draft-header.tsx';
import { DraftScreen, type DraftStart, useDraftSession } from './draft-session.tsx';
import type { Selection } from './model.ts';
import { Outline } from './outline.tsx';
import { Preview } from './preview.tsx';
import { type DraftProblem, translateHref } from './problems.ts';
import { NOTHING_PUBLISHED, Properties, type Published } from './properties.tsx';

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

function DraftEditor(start: DraftStart) {
  const { questionnaire } = start;
  const trpc = useTRPC();
  const session = useDraftSession(start);
  const { history, state, problems, apply } = session;
  const [selection, setSelection] = useState<Selection>();
  const [focus, setFocus] = useState<{ id: string; n: number }>();
  const [typing, setTyping] = useState<Record<string, boolean>>({});
  const live = useQuery(trpc.questionnaires.get.queryOptions({ id: questionnaire.id }));
  const published = usePublished(questionnaire.id, live.data?.currentVersion ?? questionnaire.currentVersion);

  const select = useCallback((next: Selection, field?: string) => {
    setSelection(next);
    if (field) setFocus((current) => ({ id: field, n: (current?.n ?? 0) + 1 }));
  }, []);
  const navigate = useNavigate();
  const goTo = useCallback(
    (problem: DraftProblem) => {
      if (problem.translation) navigate(translateHref(problem.translation));
      else if (problem.selection) select(problem.selection, problem.fieldId ?? 'properties-title');
    },
    [select, navigate],
  );
  useEffect(() => {
    if (focus) document.getElementById(focus.id)?.focus();
  }, [focus]);

  const typed = Object.values(typing).some(Boolean);
  const unsaved = state.kind !== 'saved' || typed;
  const reason = session.reason ?? (typed ? 'Something typed in a list box is not added yet.' : undefined);
  const toolbar = useStickyHeight<HTMLDivElement>('--draft-toolbar');

  return (
    <div className="draft">
      <DraftHeader
        session={session}
        unsaved={unsaved}
        reason={reason}
        fallbackFieldId="properties-title"
        onGo={goTo}
        toolbarRef={toolbar}
      />
      <div className="draft-layout">
        <Outline
          definition={history.value}
          selection={selection}
          problems={problems}
          onSelect={select}
          onChange={(change) => apply(change)}
        />
        <Properties
          definition={history.value}
          selection={selection}
          problems={problems}
          published={published}
          onChange={(change, key) => apply(change, key)}
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

/** The draft: outline, properties and a live preview, saved as you go, with undo and redo. */
export function DraftPage() {
  return <DraftScreen editor={(start) => <DraftEditor {...start} />} />;
}
