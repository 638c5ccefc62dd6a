import type { RuleConfig } from '@forms-engine/schema';
import { walkDefinition } from '@forms-engine/schema/rules';
import { useQuery } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { Link, useParams } from 'react-router';
import { useTRPC } from '../../data/trpc.ts';
import { ProblemMessage } from '../../ui/index.ts';
import { useQuestionnaireId } from '../questionnaires/questionnaire-layout.tsx';

/** A rule in words: "when q1 equals \"yes\" and …". */
export function ruleInWords(config: RuleConfig, always: string, never: string): string {
  if (config.mode === 'ALWAYS') return always;
  if (config.mode === 'NEVER') return never;
  const joiner = config.rule?.combinator === 'ANY' ? ' or ' : ' and ';
  const conditions = (config.rule?.conditions ?? []).map((condition) => {
    const subject =
      condition.source === 'EXTERNAL_REF'
        ? 'the external reference'
        : `${condition.questionCode}${condition.subField ? `.${condition.subField}` : ''}`;
    const value = condition.value === undefined ? '' : ` ${JSON.stringify(condition.value)}`;
    return `${subject} ${condition.operator.toLowerCase().replaceAll('_', ' ')}${value}`;
  });
  return `when ${conditions.join(joiner)}`;
}

/** One published version, read-only: its structure with each question's type, code and rules. */
export function VersionPage() {
  const id = useQuestionnaireId();
  const n = Number(useParams().version);
  const trpc = useTRPC();
  const version = useQuery({
    ...trpc.questionnaires.version.queryOptions({ id, n }),
    enabled: Number.isInteger(n) && n > 0,
  });
  if (version.error) return <ProblemMessage error={version.error} />;
  if (!version.data) return <p>Loading…</p>;
  const rows: ReactNode[] = [];
  walkDefinition(version.data.definition, (element) => {
    const key = element.path.join('.');
    if (element.kind === 'step') rows.push(<h3 key={key}>Step: {element.step.title || element.step.id}</h3>);
    else if (element.kind === 'tab') rows.push(<h4 key={key}>Tab: {element.tab.title || element.tab.id}</h4>);
    else {
      const q = element.question;
      rows.push(
        <div key={key} className="panel">
          <p>
            <strong>{q.prompt || q.code}</strong>{' '}
            <span className="muted">
              ({q.type}, code {q.code})
            </span>
          </p>
          <p className="muted">
            Shown {ruleInWords(q.visibility as RuleConfig, 'always', 'never')}; required{' '}
            {ruleInWords(q.requirement as RuleConfig, 'always', 'never')}.
          </p>
        </div>,
      );
    }
  });
  return (
    <>
      <p>
        <Link to=".." relative="path">
          All versions
        </Link>
      </p>
      <h2>Version {version.data.versionNumber}</h2>
      <p className="muted">
        Published {new Date(version.data.publishedAt).toLocaleString()}
        {version.data.note && ` · ${version.data.note}`}
      </p>
      {rows}
    </>
  );
}
