import { useId } from 'react';
import type { Change, DefinitionDiff, QuestionSummary } from './diff.ts';
import { isEmptyDiff } from './diff.ts';
import './versions.css';

interface Props {
  diff: DefinitionDiff;
  /** The names of the two sides, as the column headers read: "Version 1", "The draft". */
  from: string;
  to: string;
}

/** A side's name inside a sentence: "the draft", "Version 2". */
const inSentence = (side: string) => side.replace(/^The /, 'the ');

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** "2 questions changed, 1 added; 1 step or tab changed." */
function summaryOf(diff: DefinitionDiff): string {
  const questions = [
    diff.changed.length && `${plural(diff.changed.length, 'question', 'questions')} changed`,
    diff.added.length && `${plural(diff.added.length, 'question', 'questions')} added`,
    diff.removed.length && `${plural(diff.removed.length, 'question', 'questions')} removed`,
    diff.moved.length && `${plural(diff.moved.length, 'question', 'questions')} moved`,
  ].filter(Boolean);
  const sections = diff.sectionsAdded.length + diff.sectionsRemoved.length + diff.sectionsChanged.length;
  const languages = diff.languagesAdded.length + diff.languagesRemoved.length + diff.languageChanges.length;
  const parts = [
    questions.join(', '),
    sections && `${plural(sections, 'step or tab', 'steps or tabs')} changed`,
    languages && 'the languages changed',
    ...diff.translations.map(
      (language) => `${language.name}: ${plural(language.changes.length, 'translation', 'translations')} changed`,
    ),
  ];
  return `${parts.filter(Boolean).join('; ')}.`;
}

/** Rows of "what", the old value and the new one, side by side under the sides' names. */
function SideBySide(props: {
  labelledBy: string;
  first: string;
  rows: { key: string; what: string; before: string; after: string }[];
  from: string;
  to: string;
}) {
  return (
    <table className="diff-table" aria-labelledby={props.labelledBy}>
      <thead>
        <tr>
          <th scope="col">{props.first}</th>
          <th scope="col">{props.from}</th>
          <th scope="col">{props.to}</th>
        </tr>
      </thead>
      <tbody>
        {props.rows.map((row) => (
          <tr key={row.key}>
            <th scope="row">{row.what}</th>
            <td className="diff-before">{row.before}</td>
            <td className="diff-after">{row.after}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

/** One element's changes under its name. */
function ChangeTable({ name, changes, from, to }: { name: string; changes: Change[]; from: string; to: string }) {
  const id = useId();
  return (
    <div className="diff-item">
      <h4 id={id}>{name}</h4>
      <SideBySide
        labelledBy={id}
        first="What"
        rows={changes.map((change) => ({ key: `${change.what}:${change.before}`, ...change }))}
        from={from}
        to={to}
      />
    </div>
  );
}

function QuestionList({ title, items, where }: { title: string; items: QuestionSummary[]; where: string }) {
  if (items.length === 0) return null;
  return (
    <section>
      <h3>{title}</h3>
      <ul>
        {items.map((item) => (
          <li key={item.key}>
            <strong>{item.name}</strong>{' '}
            <span className="muted">
              ({item.type}; {where} {item.place.charAt(0).toLowerCase() + item.place.slice(1)})
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function NameList({ title, items }: { title: string; items: string[] }) {
  if (items.length === 0) return null;
  return (
    <section>
      <h3>{title}</h3>
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </section>
  );
}

/** A comparison in words: questions by prompt with old and new values side by side, then steps, tabs, endings and hidden fields. */
export function DiffView({ diff, from, to }: Props) {
  if (isEmptyDiff(diff))
    return (
      <section aria-label="Differences">
        <p>
          No differences: {from} and {inSentence(to)} are the same.
        </p>
      </section>
    );
  return (
    <section aria-label="Differences" className="diff">
      <p>
        From {inSentence(from)} to {inSentence(to)}: {summaryOf(diff)}
      </p>
      {diff.changed.length > 0 && (
        <section>
          <h3>Questions changed</h3>
          {diff.changed.map((question) => (
            <ChangeTable key={question.key} name={question.name} changes={question.changes} from={from} to={to} />
          ))}
        </section>
      )}
      <QuestionList title="Questions added" items={diff.added} where="in" />
      <QuestionList title="Questions removed" items={diff.removed} where="was in" />
      {diff.moved.length > 0 && (
        <section>
          <h3 id="diff-moved-title">Questions moved</h3>
          <SideBySide
            labelledBy="diff-moved-title"
            first="Question"
            rows={diff.moved.map((move) => ({ key: move.key, what: move.name, before: move.from, after: move.to }))}
            from={from}
            to={to}
          />
        </section>
      )}
      {diff.sectionsChanged.length > 0 && (
        <section>
          <h3>Steps, tabs, endings and hidden fields changed</h3>
          {diff.sectionsChanged.map((section) => (
            <ChangeTable key={section.key} name={section.name} changes={section.changes} from={from} to={to} />
          ))}
        </section>
      )}
      <NameList title="Steps, tabs and endings added" items={diff.sectionsAdded} />
      <NameList title="Steps, tabs and endings removed" items={diff.sectionsRemoved} />
      <NameList title="Languages added" items={diff.languagesAdded} />
      <NameList title="Languages removed" items={diff.languagesRemoved} />
      {diff.languageChanges.length > 0 && (
        <section>
          <h3>Languages changed</h3>
          <ChangeTable name="The questionnaire" changes={diff.languageChanges} from={from} to={to} />
        </section>
      )}
      {diff.translations.length > 0 && (
        <section>
          <h3>Translations changed</h3>
          {diff.translations.map((language) => (
            <ChangeTable key={language.key} name={language.name} changes={language.changes} from={from} to={to} />
          ))}
        </section>
      )}
    </section>
  );
}
