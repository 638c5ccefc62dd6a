import type { Definition } from '@forms-engine/schema';
import { MAX_LANGUAGES } from '@forms-engine/schema/rules';
import { useId, useState } from 'react';
import {
  languageLabel,
  languageName,
  languagesInOrder,
  missingByLanguage,
  textCount,
} from '../../definition-words/index.ts';
import { ConfirmButton } from '../../ui/index.ts';
import { findLanguages } from './language-catalogue.ts';
import {
  addLanguage,
  cannotAdd,
  cannotMakeDefault,
  defaultLanguageOf,
  makeDefault,
  removeLanguage,
  setLanguageSwitcher,
  setWrittenIn,
} from './translations.ts';

type Apply = (change: (definition: Definition) => Definition, key?: string) => void;

const SHOWN_RESULTS = 8;

/**
 * Looks a language up by its name in English, in itself or in the browser's language, or by its
 * code; each match is a button. Enter picks the first one.
 */
function LanguageSearch(props: {
  label: string;
  hint: string;
  except: readonly string[];
  action: string;
  disabled?: boolean;
  onPick: (tag: string) => void;
}) {
  const id = useId();
  const [query, setQuery] = useState('');
  const found = findLanguages(query, props.except);
  const shown = found.slice(0, SHOWN_RESULTS);
  const pick = (tag: string) => {
    props.onPick(tag);
    setQuery('');
    document.getElementById(id)?.focus();
  };
  const count = !query.trim()
    ? ''
    : found.length === 0
      ? 'No language has that name or code.'
      : found.length > SHOWN_RESULTS
        ? `${found.length} languages match; the first ${SHOWN_RESULTS} are shown. Type more of the name to narrow them.`
        : `${found.length === 1 ? 'One language matches' : `${found.length} languages match`}.`;
  return (
    <div className="language-search">
      <div className="field">
        <label htmlFor={id}>{props.label}</label>
        <input
          id={id}
          type="search"
          autoComplete="off"
          value={query}
          disabled={props.disabled}
          aria-describedby={`${id}-hint ${id}-count`}
          onChange={(event) => setQuery(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter' && shown[0]) {
              event.preventDefault();
              pick(shown[0].tag);
            }
          }}
        />
      </div>
      <p id={`${id}-hint`} className="muted hint">
        {props.hint}
      </p>
      <p id={`${id}-count`} className="hint" role="status">
        {count}
      </p>
      {shown.length > 0 && (
        <ul className="language-results">
          {shown.map((language) => (
            <li key={language.tag}>
              <button type="button" onClick={() => pick(language.tag)}>
                {props.action} {language.label}
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

/**
 * The draft's languages: the default (the language of its own texts), the others with how much
 * of each is translated, adding (by name) and removing them, making another the default (a swap,
 * only when nothing would be lost), and the respondents' language switcher.
 */
export function LanguagesPanel({
  definition,
  apply,
  onTranslate,
  onAdded,
}: {
  definition: Definition;
  apply: Apply;
  /** "Translate" pressed for a language. */
  onTranslate: (language: string) => void;
  /** A language added: the texts below show it. */
  onAdded: (language: string) => void;
}) {
  const [message, setMessage] = useState<{ text: string; refused: boolean }>();
  const defaultLanguage = defaultLanguageOf(definition);
  const languages = languagesInOrder(definition);
  const counts = missingByLanguage(definition);
  const full = languages.length >= MAX_LANGUAGES;
  const say = (text: string, refused = false) => setMessage({ text, refused });
  const defaultName = languageName(defaultLanguage);

  return (
    <section className="panel languages" aria-labelledby="languages-title">
      <h2 id="languages-title">Languages</h2>
      <p>
        The draft’s own texts are in {defaultName}. Respondents read the questionnaire in the language of their page or
        browser when it is one of these; a text not translated is shown in {defaultName}.
      </p>
      <table className="language-table">
        <caption className="visually-hidden">The questionnaire’s languages</caption>
        <thead>
          <tr>
            <th scope="col">Language</th>
            <th scope="col">Texts</th>
            <th scope="col">
              <span className="visually-hidden">Actions</span>
            </th>
          </tr>
        </thead>
        <tbody>
          <tr>
            <th scope="row">
              {languageLabel(defaultLanguage)} <span className="badge">Default</span>
            </th>
            <td>The draft’s own texts</td>
            <td />
          </tr>
          {counts.map(({ language, missing, total }) => {
            const name = languageName(language);
            return (
              <tr key={language}>
                <th scope="row">{languageLabel(language)}</th>
                <td>
                  {missing === 0
                    ? `All ${textCount(total)} translated`
                    : `${total - missing} of ${textCount(total)} translated; ${missing} not yet`}
                </td>
                <td>
                  <div className="actions">
                    <button type="button" onClick={() => onTranslate(language)} aria-label={`Translate into ${name}`}>
                      Translate
                    </button>
                    <button
                      type="button"
                      aria-label={`Make default: ${name}`}
                      onClick={() => {
                        const refusal = cannotMakeDefault(definition, language);
                        if (refusal) return say(refusal, true);
                        apply((d) => makeDefault(d, language));
                        say(
                          `${name} is now the default: the draft’s own texts are the ${name} ones, and the ${defaultName} texts are kept as a translation. Undo takes it back.`,
                        );
                      }}
                    >
                      Make default
                    </button>
                    <ConfirmButton
                      label="Remove"
                      accessibleName={`Remove ${name}`}
                      question={`Remove ${name}?`}
                      description={
                        missing === total
                          ? 'It has no translated texts yet.'
                          : total - missing === 1
                            ? 'Its one translated text goes with it. Undo brings it back.'
                            : `Its ${total - missing} translated texts go with it. Undo brings them back.`
                      }
                      onConfirm={() => {
                        apply((d) => removeLanguage(d, language));
                        say(`${name} was removed.`);
                      }}
                    />
                  </div>
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      <p
        className={message?.refused ? 'warning language-message' : 'language-message'}
        role="status"
        id="languages-message"
      >
        {message?.text}
      </p>
      <LanguageSearch
        label="Add a language"
        hint={
          full
            ? `A questionnaire has at most ${MAX_LANGUAGES} languages, the default included. Remove one to add another.`
            : 'Type its name, in English or in the language itself (Deutsch, español), or its code (pt-BR).'
        }
        disabled={full}
        except={languages}
        action="Add"
        onPick={(tag) => {
          const refusal = cannotAdd(definition, tag);
          if (refusal) return say(refusal, true);
          apply((d) => addLanguage(d, tag));
          onAdded(tag);
          say(`${languageName(tag)} was added. Translate its texts below, or export them for a translator.`);
        }}
      />
      <details className="written-in">
        <summary>The draft’s own texts are not in {defaultName}?</summary>
        <p className="muted hint">
          Name the language you wrote them in. No text changes; only what they are called. (A language that already has
          translations becomes the default with its “Make default” button.)
        </p>
        <LanguageSearch
          label="The language of the draft’s own texts"
          hint="Type its name or its code."
          except={languages}
          action="Written in"
          onPick={(tag) => {
            apply((d) => setWrittenIn(d, tag));
            say(`The draft’s own texts are now marked as ${languageName(tag)}.`);
          }}
        />
      </details>
      <div className="field checkbox-field">
        <input
          id="language-switcher"
          type="checkbox"
          checked={definition.languageSwitcher === true}
          aria-describedby="language-switcher-hint"
          onChange={(event) => {
            const on = event.target.checked;
            apply((d) => setLanguageSwitcher(d, on));
          }}
        />{' '}
        <label htmlFor="language-switcher">Show respondents a language switcher</label>
        <p id="language-switcher-hint" className="muted hint">
          {languages.length > 1
            ? 'A list of the languages, each by its own name, above the questions. Switching keeps every answer.'
            : 'It shows once the questionnaire has more than one language.'}
        </p>
      </div>
    </section>
  );
}
