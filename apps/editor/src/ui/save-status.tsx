import type { Problem } from '@forms-engine/schema';
import type { SaveState } from '../data/autosave.ts';

/** Why the server did not take a value, as a sentence (never its code). */
export function refusalInWords(problem: Problem): string {
  if (problem.status === 0) return 'The server cannot be reached (it may be restarting, or this computer is offline).';
  if (problem.status === 429) return 'The server is busy.';
  if (problem.status >= 500) return 'The server is not available right now.';
  if (problem.status === 404) return 'This questionnaire no longer exists on the server.';
  if (problem.status === 413) return 'It is larger than the server accepts.';
  if (problem.code === 'VALIDATION_FAILED') return 'The server found problems, listed below.';
  return problem.detail ? sentence(problem.detail) : 'The server did not take it.';
}

const sentence = (text: string) => (/[.!?]$/.test(text.trim()) ? text.trim() : `${text.trim()}.`);

interface SaveStatusProps {
  state: SaveState;
  /** How many problems keep the value from being saved, and a way to the first. */
  problemCount?: number;
  firstProblem?: { label: string; href: string; onGo: () => void } | undefined;
  onRetry?: () => void;
}

/** The one line that says whether the server has everything: Saved, Saving…, or Not saved yet and why. */
export function SaveStatus({ state, problemCount = 0, firstProblem, onRetry }: SaveStatusProps) {
  let text: string;
  switch (state.kind) {
    case 'saved':
      text = 'Saved';
      break;
    case 'saving':
      text = 'Saving…';
      break;
    case 'invalid':
      text = `Not saved yet: ${problemCount === 1 ? 'one problem needs' : `${problemCount} problems need`} fixing. Your edits are kept in this browser meanwhile.`;
      break;
    case 'refused':
      text = `Not saved yet. ${refusalInWords(state.problem)} Your edits are kept in this browser.`;
      break;
    case 'unreachable':
      text = `Not saved yet. ${refusalInWords(state.problem)} Trying again by itself; your edits are kept in this browser.`;
      break;
  }
  return (
    <div className="save-status-line">
      <p role="status" className="save-status" data-state={state.kind}>
        {text}
      </p>
      {state.kind !== 'saved' && state.kind !== 'saving' && firstProblem && (
        <a
          href={firstProblem.href}
          onClick={(event) => {
            event.preventDefault();
            firstProblem.onGo();
          }}
        >
          Go to the first problem: {firstProblem.label}
        </a>
      )}
      {(state.kind === 'unreachable' || state.kind === 'refused') && onRetry && (
        <button type="button" onClick={onRetry}>
          Try again now
        </button>
      )}
    </div>
  );
}
