import type { HiddenValues } from '@forms-engine/schema';
import type { Definition } from '@forms-engine/schema/rules';
import { AppError } from '../errors/app-error.ts';

/**
 * What the server trusts from the respondent about hidden fields and endings (issue 23): only the
 * hidden keys the pinned version declares are stored (others dropped, so a host page cannot fill
 * the response with keys nobody asked for), and an ending must be one of that version's. The
 * server does not re-run the rules: the ending records what the respondent was shown.
 */

/** The declared keys of `hidden`, in the definition's order; undeclared keys are dropped. */
export function declaredHidden(definition: Definition, hidden: Record<string, string> | undefined): HiddenValues {
  const kept: HiddenValues = {};
  if (!hidden) return kept;
  for (const { key } of definition.hiddenFields ?? []) {
    const value = Object.hasOwn(hidden, key) ? hidden[key] : undefined;
    if (value !== undefined) kept[key] = value;
  }
  return kept;
}

/** 400 UNKNOWN_ENDING unless `endingId` names an ending of the version. */
export function checkEnding(definition: Definition, versionNumber: number, endingId: string): void {
  if ((definition.endings ?? []).some((ending) => ending.id === endingId)) return;
  const known = (definition.endings ?? []).map((ending) => ending.id);
  throw new AppError(
    'UNKNOWN_ENDING',
    known.length === 0
      ? `Version ${versionNumber} of this questionnaire has no endings, so "${endingId}" cannot be recorded: complete without an endingId`
      : `"${endingId}" is not an ending of version ${versionNumber} of this questionnaire (its endings: ${known.join(', ')})`,
  );
}
