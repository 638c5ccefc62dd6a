import type { Definition } from '@forms-engine/schema';
import { memo, useCallback, useEffect, useRef, useState } from 'react';
import { useNavigate, useSearchParams } from 'react-router';
import {
  isRightToLeft,
  languageLabel,
  languageName,
  languagesInOrder,
  missingByLanguage,
  type TranslatableText,
  textCount,
  translatableTexts,
  translationOf,
} from '../../definition-words/index.ts';
import { DraftHeader } from './draft-header.tsx';
import { DraftScreen, type DraftStart, useDraftSession } from './draft-session.tsx';
import { LanguagesPanel } from './languages-panel.tsx';
import { type DraftProblem, translationFieldId } from './problems.ts';
import { TranslationFilesPanel } from './translation-files-panel.tsx';
import { defaultLanguageOf, setTranslation } from './translations.ts';
import './translate.css';

type Apply = (change: (definition: Definition) => Definition, key?: string) => void;

interface RowProps {
  textKey: string;
  id: string;
  field: string;
  part: string;
  source: string;
  long: boolean;
  maxLength: number;
  value: string;
  language: string;
  sourceLanguage: string;
  apply: Apply;
}

/** One text: its name, the default text, and the translation field beside it. Rendered again only when these change. */
const TranslationRow = memo(function TranslationRow(props: RowProps) {
  const fieldId = translationFieldId(props.textKey);
  const missing = props.value === '';
  const common = {
    id: fieldId,
    lang: props.language,
    dir: isRightToLeft(props.language) ? 'rtl' : 'ltr',
    value: props.value,
    maxLength: props.maxLength,
    'aria-describedby': `${fieldId}-source`,
    onChange: (event: { target: { value: string } }) => {
      const value = event.target.value;
      props.apply(
        (d) => setTranslation(d, props.language, { id: props.id, field: props.field }, value),
        `translations.${props.language}.${props.textKey}`,
      );
    },
  };
  return (
    <div className="translate-row" data-missing={missing || undefined}>
      <div className="translate-part">
        <label htmlFor={fieldId}>{props.part}</label>
        {missing && <span className="badge">Not translated</span>}
      </div>
      <p className="translate-source" id={`${fieldId}-source`} lang={props.sourceLanguage} dir="auto">
        <span className="visually-hidden">{languageName(props.sourceLanguage)}: </span>
        {props.source}
      </p>
      {props.long ? (
        <textarea rows={Math.min(6, Math.max(2, props.source.split('\n').length + 1))} {...common} />
      ) : (
        <input {...common} />
      )}
    </div>
  );
});

/** The texts in order, grouped by the step, tab or question they belong to. */
function groupsOf(texts: readonly TranslatableText[]): { id: string; element: string; texts: TranslatableText[] }[] {
  const groups: { id: string; element: string; texts: TranslatableText[] }[] = [];
  for (const text of texts) {
    const last = groups.at(-1);
    if (last?.id === text.id) last.texts.push(text);
    else groups.push({ id: text.id, element: text.element, texts: [text] });
  }
  return groups;
}

/** The texts shown under "only texts not translated": those missing now, and those missing when it was turned on (so a text being typed stays). */
function useMissingFilter(definition: Definition, language: string | undefined, on: boolean) {
  const snapshot = useRef<{ at: string; keys: Set<string> }>({ at: '', keys: new Set() });
  const at = `${language}|${on}`;
  if (language && snapshot.current.at !== at) {
    const keys = new Set(
      translatableTexts(definition)
        .filter((text) => translationOf(definition.translations, language, text) === undefined)
        .map((text) => text.key),
    );
    snapshot.current = { at, keys };
  }
  return snapshot.current.keys;
}

function TranslatePanel({
  definition,
  language,
  onlyMissing,
  name,
  apply,
  onLanguage,
  onOnlyMissing,
}: {
  definition: Definition;
  language: string | undefined;
  onlyMissing: boolean;
  name: string;
  apply: Apply;
  onLanguage: (language: string) => void;
  onOnlyMissing: (on: boolean) => void;
}) {
  const counts = missingByLanguage(definition);
  const shownBefore = useMissingFilter(definition, language, onlyMissing);
  const sourceLanguage = defaultLanguageOf(definition);
  const sourceName = languageName(sourceLanguage);
  if (!language)
    return (
      <section className="panel" aria-labelledby="translate-title">
        <h2 id="translate-title">Translate</h2>
        <p>Add a language above to translate the questionnaire’s texts into it.</p>
      </section>
    );
  const texts = translatableTexts(definition);
  const count = counts.find((entry) => entry.language === language);
  const missing = count?.missing ?? 0;
  const shown = onlyMissing
    ? texts.filter(
        (text) => shownBefore.has(text.key) || translationOf(definition.translations, language, text) === undefined,
      )
    : texts;
  const words = languageName(language);
  return (
    <section className="panel" aria-labelledby="translate-title">
      <h2 id="translate-title">Translate</h2>
      <div className="row translate-controls">
        <div className="field">
          <label htmlFor="translate-language">Language</label>
          <select id="translate-language" value={language} onChange={(event) => onLanguage(event.target.value)}>
            {counts.map((entry) => (
              <option key={entry.language} value={entry.language}>
                {languageLabel(entry.language)}
                {entry.missing > 0 ? ` (${entry.missing} not translated)` : ' (all translated)'}
              </option>
            ))}
          </select>
        </div>
        <div className="field checkbox-field">
          <input
            id="only-missing"
            type="checkbox"
            checked={onlyMissing}
            onChange={(event) => onOnlyMissing(event.target.checked)}
          />{' '}
          <label htmlFor="only-missing">Only texts not translated</label>
        </div>
      </div>
      <p className="translate-count" role="status">
        {texts.length === 0
          ? 'The questionnaire has no texts yet.'
          : missing === 0
            ? `Every text has its ${words} words (${textCount(texts.length)}).`
            : `${missing} of ${textCount(texts.length)} not translated into ${words}; respondents read ${missing === 1 ? 'it' : 'them'} in ${sourceName}.`}
      </p>
      <TranslationFilesPanel definition={definition} language={language} name={name} apply={apply} />
      {shown.length === 0 && texts.length > 0 ? (
        <p className="muted">Nothing left to translate into {words}.</p>
      ) : (
        <div className="translate-list">
          <div className="translate-columns" aria-hidden="true">
            <span />
            <span>{sourceName} (the draft’s own text)</span>
            <span>{words}</span>
          </div>
          {groupsOf(shown).map((group) => (
            <fieldset key={group.id} className="translate-element">
              <legend>{group.element.charAt(0).toUpperCase() + group.element.slice(1)}</legend>
              {group.texts.map((text) => (
                <TranslationRow
                  key={text.key}
                  textKey={text.key}
                  id={text.id}
                  field={text.field}
                  part={text.part}
                  source={text.source}
                  long={text.long}
                  maxLength={text.maxLength}
                  value={translationOf(definition.translations, language, text) ?? ''}
                  language={language}
                  sourceLanguage={sourceLanguage}
                  apply={apply}
                />
              ))}
            </fieldset>
          ))}
        </div>
      )}
    </section>
  );
}

function TranslateEditor(start: DraftStart) {
  const session = useDraftSession(start);
  const { history, state, apply } = session;
  const definition = history.value;
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const languages = languagesInOrder(definition).slice(1);
  const requested = params.get('language');
  const language = requested && languages.includes(requested) ? requested : languages[0];
  const onlyMissing = params.get('missing') === '1';
  const [focus, setFocus] = useState<{ id: string; n: number }>();
  useEffect(() => {
    if (focus) document.getElementById(focus.id)?.focus();
  }, [focus]);

  const setParam = useCallback(
    (name: string, value: string | undefined) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          if (value === undefined) next.delete(name);
          else next.set(name, value);
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );
  const goTo = useCallback(
    (problem: DraftProblem) => {
      if (!problem.translation) return navigate('..', { relative: 'path' });
      setParam('language', problem.translation.language);
      if (problem.fieldId) setFocus((current) => ({ id: problem.fieldId as string, n: (current?.n ?? 0) + 1 }));
    },
    [navigate, setParam],
  );

  return (
    <div className="translate">
      <DraftHeader
        session={session}
        unsaved={state.kind !== 'saved'}
        reason={session.reason}
        fallbackFieldId="translate-title"
        onGo={goTo}
      />
      <LanguagesPanel
        definition={definition}
        apply={apply}
        onTranslate={(tag) => {
          setParam('language', tag);
          setFocus((current) => ({ id: 'translate-language', n: (current?.n ?? 0) + 1 }));
        }}
        onAdded={(tag) => setParam('language', tag)}
      />
      <TranslatePanel
        definition={definition}
        language={language}
        onlyMissing={onlyMissing}
        name={start.questionnaire.name}
        apply={apply}
        onLanguage={(tag) => setParam('language', tag)}
        onOnlyMissing={(on) => setParam('missing', on ? '1' : undefined)}
      />
    </div>
  );
}

/**
 * Languages and translations: the draft's languages (add, remove, the default, the switcher) and
 * every text of the definition in one language at a time beside its default text, with what is
 * missing counted and filterable, exported for a translator and imported back. Edits the draft
 * itself, so it is saved as the draft screen saves (same kept edits, same Publish).
 */
export function TranslatePage() {
  return <DraftScreen editor={(start) => <TranslateEditor {...start} />} />;
}
