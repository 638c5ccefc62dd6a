import type { Ref } from 'react';
import { LeaveGuard } from '../../ui/leave-guard.tsx';
import { SaveStatus } from '../../ui/save-status.tsx';
import type { DraftSession } from './draft-session.tsx';
import { ProblemList } from './problem-list.tsx';
import type { DraftProblem } from './problems.ts';

interface DraftHeaderProps {
  session: DraftSession;
  /** True while something is not saved yet (the guard asks before leaving). */
  unsaved: boolean;
  /** Why leaving now would lose something, in words. */
  reason: string | undefined;
  /** Where the save status's "first problem" link goes when the problem names no field. */
  fallbackFieldId: string;
  onGo: (problem: DraftProblem) => void;
  toolbarRef?: Ref<HTMLDivElement>;
}

/**
 * What the draft's pages share above their own content: the leave guard, undo and redo, the
 * save status with its first problem, a restored-edits notice and the list of problems.
 */
export function DraftHeader({ session, unsaved, reason, fallbackFieldId, onGo, toolbarRef }: DraftHeaderProps) {
  const { history, state, saver, problems } = session;
  const first = problems[0];
  return (
    <>
      <LeaveGuard unsaved={unsaved} flush={saver.flush} reason={reason} />
      <div className="draft-toolbar actions" ref={toolbarRef}>
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
            first && { label: first.where, href: `#${first.fieldId ?? fallbackFieldId}`, onGo: () => onGo(first) }
          }
          onRetry={saver.retryNow}
        />
      </div>
      {session.restoredNotice}
      <ProblemList problems={problems} onGo={onGo} />
    </>
  );
}
