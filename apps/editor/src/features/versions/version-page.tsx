import type { Definition, Question, RuleConfig } from '@forms-engine/schema/rules';
import { localize, walkDefinition } from '@forms-engine/schema/rules';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useQuestionnaireId } from '../../data/questionnaire-id.ts';
import { useTRPC } from '../../data/trpc.ts';
import {
  endingName,
  languageLabel,
  languageName,
  languagesInOrder,
  missingTexts,
  oneLine,
  type QuestionLookup,
  questionLookup,
  questionName,
  quoted,
  requirementInWords,
  sectionName,
  settingName,
  settingValue,
  textCount,
  translatableTexts,
  typeName,
  visibilityInWords,
  widthName,
} from '../../definition-words/index.ts';
import { ProblemMessage } from '../../ui/index.ts';
import './versions.css';

/** A step's or tab's rules, only when they say more than "always shown, optional". */
function SectionRules({
  element,
  lookup,
}: {
  element: { visibility?: RuleConfig; requirement?: RuleConfig };
  lookup: QuestionLookup;
}) {
  const shown = element.visibility && element.visibility.mode !== 'ALWAYS';
  const required = element.requirement && element.requirement.mode !== 'NEVER';
  if (!shown && !required) return null;
  return (
    <p className="muted">
      {[
        shown && visibilityInWords(element.visibility, lookup),
        required && requirementInWords(element.requirement, lookup),
      ]
        .filter(Boolean)
        .join('. ')}
      .
    </p>
  );
}

/** One question as a builder reads it: prompt, type, width, rules in words, choices, the other settings. */
function QuestionSummary({ question, lookup }: { question: Question; lookup: QuestionLookup }) {
  const choices = (question.typeConfig as { choices?: { value: string; label: string }[] }).choices;
  // Rows and columns read as lists of labels, like every other setting.
  const settings = Object.entries(question.typeConfig as Record<string, unknown>)
    .filter(([key, value]) => key !== 'choices' && value !== undefined)
    .map(([key, value]) => `${settingName(key, question.type)}: ${settingValue(key, question.type, value)}`);
  return (
    <div className="panel version-question">
      {question.sectionTitle && <p className="muted">Section: {oneLine(question.sectionTitle)}</p>}
      <p>
        <strong>{questionName(question)}</strong>
      </p>
      <p className="muted">
        {typeName(question.type)} · {widthName(question.width ?? 'FULL')} ·{' '}
        {visibilityInWords(question.visibility, lookup)} · {requirementInWords(question.requirement, lookup)}
      </p>
      {choices && choices.length > 0 && (
        <p>Choices: {choices.map((choice) => quoted(oneLine(choice.label) || choice.value)).join(', ')}</p>
      )}
      {settings.length > 0 && <p>{settings.join(' · ')}</p>}
    </div>
  );
}

/** The version's languages, how much of each is translated, and which one it is read in here. */
function VersionLanguages(props: {
  definition: Definition;
  languages: string[];
  language: string;
  onLanguage: (language: string) => void;
}) {
  const total = translatableTexts(props.definition).length;
  const [first, ...others] = props.languages;
  const switcher = props.definition.languageSwitcher;
  return (
    <div className="version-languages">
      <p>
        In {languageName(first as string)} (the default)
        {others
          .map(
            (tag) =>
              `, ${languageName(tag)} (${total - missingTexts(props.definition, tag).length} of ${textCount(total)} translated)`,
          )
          .join('')}
        . {switcher ? 'Respondents see a language switcher.' : 'No language switcher for respondents.'}
      </p>
      <div className="field">
        <label htmlFor="version-language">Read this version in</label>
        <select id="version-language" value={props.language} onChange={(event) => props.onLanguage(event.target.value)}>
          {props.languages.map((tag) => (
            <option key={tag} value={tag}>
              {languageLabel(tag)}
            </option>
          ))}
        </select>
      </div>
    </div>
  );
}

/** One published version, read-only: its steps, tabs and questions in words. */
export function VersionPage() {
  const id = useQuestionnaireId();
  const param = useParams().version ?? '';
  const n = /^[1-9]\d*$/.test(param) ? Number(param) : Number.NaN;
  const trpc = useTRPC();
  const [params, setParams] = useSearchParams();
  const version = useQuery({
    ...trpc.questionnaires.version.queryOptions({ id, n }),
    enabled: Number.isInteger(n) && n > 0,
  });
  if (!(Number.isInteger(n) && n > 0))
    return (
      <p>
        There is no version “{param}”.{' '}
        <Link to=".." relative="path">
          All versions
        </Link>
      </p>
    );
  if (version.error) return <ProblemMessage error={version.error} />;
  if (!version.data) return <p>Loading…</p>;
  const languages = languagesInOrder(version.data.definition);
  const requested = params.get('language') ?? '';
  const language = languages.includes(requested) ? requested : (languages[0] as string);
  // The version as respondents in `language` read it (texts not translated in the default language).
  const definition = localize(version.data.definition, language);
  const lookup = questionLookup(definition);
  const rows: ReactNode[] = [];
  walkDefinition(definition, (element) => {
    const key = element.path.join('.');
    const position = Number(element.path.at(-1));
    if (element.kind === 'step') {
      rows.push(
        <h3 key={key}>
          Step {position + 1}: {sectionName(element.step, 'Step', position)}
        </h3>,
        <SectionRules key={`${key}.rules`} element={element.step} lookup={lookup} />,
      );
    } else if (element.kind === 'tab') {
      rows.push(
        <h4 key={key}>Tab: {sectionName(element.tab, 'Tab', position)}</h4>,
        <SectionRules key={`${key}.rules`} element={element.tab} lookup={lookup} />,
      );
    } else rows.push(<QuestionSummary key={key} question={element.question} lookup={lookup} />);
  });
  return (
    <>
      <p className="actions">
        <Link to=".." relative="path">
          All versions
        </Link>
        {n > 1 && (
          <Link to={`..?from=${n - 1}&to=${n}`} relative="path">
            What changed since version {n - 1}
          </Link>
        )}
      </p>
      <h2>Version {version.data.versionNumber}</h2>
      <p className="muted">
        Published {new Date(version.data.publishedAt).toLocaleString()}
        {version.data.publishedBy && ` by ${version.data.publishedBy.name}`}
        {version.data.note && ` · ${version.data.note}`}
      </p>
      {languages.length > 1 && (
        <VersionLanguages
          definition={version.data.definition}
          languages={languages}
          language={language}
          onLanguage={(tag) => setParams({ language: tag }, { replace: true })}
        />
      )}
      {rows.length === 0 ? <p>This version has no questions.</p> : rows}
      {(definition.endings ?? []).length > 0 && (
        <>
          <h3>Endings</h3>
          {(definition.endings ?? []).map((ending, index) => (
            <div className="panel version-question" key={ending.id}>
              <p>
                <strong>{endingName(ending, index)}</strong>
              </p>
              <p className="muted">{visibilityInWords(ending.visibility, lookup)}</p>
              {ending.body && <p>{oneLine(ending.body)}</p>}
              {ending.redirectUrl && <p>Then goes to {ending.redirectUrl}</p>}
            </div>
          ))}
        </>
      )}
      {(definition.hiddenFields ?? []).length > 0 && (
        <>
          <h3>Hidden fields</h3>
          <p>
            {(definition.hiddenFields ?? [])
              .map((field) => (field.label ? `${field.key} (${oneLine(field.label)})` : field.key))
              .join(', ')}
          </p>
        </>
      )}
    </>
  );
}
