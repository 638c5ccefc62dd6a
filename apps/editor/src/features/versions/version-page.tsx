import type { Question, RuleConfig } from '@forms-engine/schema/rules';
import { walkDefinition } from '@forms-engine/schema/rules';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useTRPC } from '../../data/trpc.ts';
import {
  oneLine,
  type QuestionLookup,
  questionLookup,
  questionName,
  quoted,
  requirementInWords,
  sectionName,
  typeName,
  visibilityInWords,
  widthName,
} from '../../definition-words/index.ts';
import { ProblemMessage } from '../../ui/index.ts';
import { useQuestionnaireId } from '../questionnaires/questionnaire-layout.tsx';
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

/** One question as a builder reads it: prompt, type, width, rules in words, choices. */
function QuestionSummary({ question, lookup }: { question: Question; lookup: QuestionLookup }) {
  const choices = (question.typeConfig as { choices?: { value: string; label: string }[] }).choices;
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
    </div>
  );
}

/** One published version, read-only: its steps, tabs and questions in words. */
export function VersionPage() {
  const id = useQuestionnaireId();
  const param = useParams().version ?? '';
  const n = /^[1-9]\d*$/.test(param) ? Number(param) : Number.NaN;
  const trpc = useTRPC();
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
  const definition = version.data.definition;
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
        {version.data.note && ` · ${version.data.note}`}
      </p>
      {rows.length === 0 ? <p>This version has no questions.</p> : rows}
    </>
  );
}
