import { languagesOf } from '@forms-engine/schema/rules';
import type { SessionState } from '../session/machine';
import { useEmbed } from './context';
import { ownName } from './languages';

// Drawn only when `offersLanguages` (languages.ts) holds: the npm build loads it on demand.

/**
 * The questionnaire's languages, each in its own name, when its builder turned the switcher on.
 * A switch keeps every answer and the place; the next save records the language.
 */
export function LanguageSwitcher({ state }: { state: SessionState }) {
  const { session, labels } = useEmbed();
  const languages = languagesOf(state.questionnaire?.source ?? {});
  return (
    <div class="fe-language">
      {/* A "." no element id may hold, so no question's `fe-<id>` can take it. */}
      <label for="fe.language">{labels.language}</label>
      <select
        id="fe.language"
        class="fe-input fe-select"
        value={state.language ?? undefined}
        onChange={(event) => session.dispatch({ type: 'SET_LANGUAGE', language: event.currentTarget.value })}
      >
        {languages.map((tag) => (
          <option key={tag} value={tag} lang={tag}>
            {ownName(tag)}
          </option>
        ))}
      </select>
    </div>
  );
}
