import type { SessionState } from '../session/machine';
import { endingOf } from '../session/machine';
import type * as Recall from './recall';
import { hasTokens, httpOnly } from './tokens';

/**
 * Recall, loaded when a questionnaire has a token (the npm build's own chunk: the schema's answer
 * formatting and the definition walk, about 1 KB gzip that `mount` no longer loads first). Until it is
 * there such a questionnaire shows its loading line, never a raw `{{token}}`.
 */
let loaded: typeof Recall | undefined;
let loading: Promise<boolean> | undefined;

/** Resolves true once loaded; false when the chunk could not be fetched (the caller tries again later). */
export const loadRecall = () =>
  (loading ??= import('./recall').then(
    (module) => {
      loaded = module;
      return true;
    },
    () => {
      loading = undefined;
      return false;
    },
  ));

/** The questionnaire needs recall and it is not loaded yet. */
export const recallPending = (state: SessionState) =>
  !!state.questionnaire && hasTokens(state.questionnaire.definition) && !loaded;

export const recalledDefinition: typeof Recall.recalledDefinition = (state, shown) =>
  loaded ? loaded.recalledDefinition(state, shown) : (state.questionnaire?.definition as never);

export const redirectOf: typeof Recall.redirectOf = (state, shown) =>
  loaded ? loaded.redirectOf(state, shown) : httpOnly(state.questionnaire ? endingOf(state)?.redirectUrl : undefined);
