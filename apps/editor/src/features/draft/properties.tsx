import type { Definition, Question, RuleConfig } from '@forms-engine/schema';
import { allQuestions } from '@forms-engine/schema';
import { QUESTION_TYPE_NAMES, QUESTION_WIDTHS, type QuestionTypeName } from '@forms-engine/schema/rules';
import { useRef } from 'react';
import { typeName, widthName } from '../../definition-words/index.ts';
import { RuleBuilder } from '../../rule-builder/rule-builder.tsx';
import { FieldErrors } from '../../ui/field-errors.tsx';
import {
  type ConditionRef,
  conditionsReading,
  pasteChoices,
  setChoiceLabel,
  setChoiceValue,
  setCode,
  setPrompt,
  tokensFollow,
} from './codes.ts';
import { EndingProperties } from './ending-properties.tsx';
import { HiddenFieldsPanel } from './hidden-fields-panel.tsx';
import {
  changeType,
  questionsOf,
  type Selection,
  selectionPath,
  updateQuestion,
  updateStep,
  updateTab,
} from './model.ts';
import { type DraftProblem, problemsAt } from './problems.ts';
import { recallOptions } from './recall.ts';
import { RichTextHint } from './rich-text-hint.tsx';
import { TextInput } from './text-input.tsx';
import { TypeConfigFields } from './type-config-fields.tsx';

/** What the latest published version uses, so codes that collect answers stay put and changes warn. */
export interface Published {
  version: number;
  codes: ReadonlySet<string>;
  /** Per code, the choice values. */
  values: ReadonlyMap<string, ReadonlySet<string>>;
  /** Per question id, its code in that version. */
  codeById: ReadonlyMap<string, string>;
}

export const NOTHING_PUBLISHED: Published = { version: 0, codes: new Set(), values: new Map(), codeById: new Map() };

interface Props {
  definition: Definition;
  selection: Selection | undefined;
  problems: readonly DraftProblem[];
  published: Published;
  onChange: (change: (definition: Definition) => Definition, key: string) => void;
  /** Told what a list box holds but has not added yet (counts as unsaved). */
  onPendingText?: (field: string, text: string) => void;
}

function Heading({ children }: { children: React.ReactNode }) {
  // Focusable, so "go to the problem" can land here when no single field is at fault.
  return (
    <h2 id="properties-title" tabIndex={-1}>
      {children}
    </h2>
  );
}

/** The notes under a question's code: who reads it, and what a published version collects under it. */
function CodeNotes({
  question,
  definition,
  published,
}: {
  question: Question;
  definition: Definition;
  published: Published;
}) {
  const readers = conditionsReading(definition, question.code).length;
  const before = published.codeById.get(question.id);
  if (!readers && !(before && before !== question.code)) return null;
  return (
    <div id="question-code-notes" className="notes">
      {readers > 0 && (
        <p className="muted">
          {readers === 1 ? 'A rule reads' : `${readers} rules read`} this question;{' '}
          {readers === 1 ? 'it follows' : 'they follow'} a new code.
        </p>
      )}
      {before && before !== question.code && (
        <p className="warning">
          Version {published.version} collects this question’s answers under “{before}”. With a new code, answers from
          now on go to a new column in exports; earlier answers keep “{before}”.
        </p>
      )}
    </div>
  );
}

/** The properties of what the outline selected: a question's fields and type settings, or a step's or tab's title, and rules. */
export function Properties({ definition, selection, problems, published, onChange, onPendingText }: Props) {
  const errors = (path: string) => problemsAt(problems, path).map((problem) => problem.message);
  // The rules reading a question, found when its code field gets focus: they follow every keystroke (codes.ts).
  // Its recall tokens follow too, from the name they hold (`tokens`), while the new code is a valid one.
  const codeReaders = useRef<{ id: string; refs: ConditionRef[]; tokens: string }>(undefined);
  if (!selection) {
    return (
      <section className="panel properties" aria-labelledby="properties-title">
        <Heading>Properties</Heading>
        <p className="muted empty">Select a step, tab or question in the outline to edit it here.</p>
      </section>
    );
  }
  const path = selectionPath(selection);
  const questions = allQuestions(definition);
  const recall = { options: recallOptions(definition, selection), definition };
  if (selection.kind === 'hidden') {
    return <HiddenFieldsPanel definition={definition} problems={problems} onChange={onChange} />;
  }
  if (selection.kind === 'ending') {
    return (
      <EndingProperties
        definition={definition}
        index={selection.ending}
        problems={problems}
        recall={recall}
        onChange={onChange}
      />
    );
  }
  const rules = (
    config: { visibility: RuleConfig; requirement: RuleConfig },
    set: (change: { visibility?: RuleConfig; requirement?: RuleConfig }, key: string) => void,
    ownCode?: string,
  ) => (
    <>
      <RuleBuilder
        label="Visibility"
        config={config.visibility}
        questions={questions}
        hiddenFields={definition.hiddenFields}
        ownCode={ownCode}
        path={`${path}.visibility`}
        fieldErrors={errors}
        onChange={(visibility, key) => set({ visibility }, `${path}.${key}`)}
      />
      <RuleBuilder
        label="Requirement"
        config={config.requirement}
        questions={questions}
        hiddenFields={definition.hiddenFields}
        ownCode={ownCode}
        path={`${path}.requirement`}
        fieldErrors={errors}
        onChange={(requirement, key) => set({ requirement }, `${path}.${key}`)}
      />
    </>
  );

  if (selection.kind === 'question') {
    const { container, index } = selection;
    const question = questionsOf(definition, container)[index];
    if (!question) return null;
    const change = (update: (q: Question) => Question, key: string) =>
      onChange((d) => updateQuestion(d, container, index, update), `${path}.${key}`);
    const lockedValues = published.values.get(question.code) ?? new Set<string>();
    return (
      <section className="panel properties" aria-labelledby="properties-title">
        <Heading>Question properties</Heading>
        <FieldErrors id="question-errors" errors={errors(path)} />
        <TextInput
          id="question-prompt"
          label="Prompt"
          value={question.prompt}
          errors={errors(`${path}.prompt`)}
          multiline
          hint={<RichTextHint id="question-prompt-hint" />}
          recall={recall}
          onChange={(prompt) =>
            onChange((d) => setPrompt(d, container, index, prompt, published.codes), `${path}.prompt`)
          }
        />
        <TextInput
          id="question-code"
          label="Code"
          value={question.code}
          errors={errors(`${path}.code`)}
          hint={
            <p id="question-code-hint" className="muted hint">
              Names the answers in exports and rules. It follows the prompt until you change it.
            </p>
          }
          onFocus={() => {
            codeReaders.current = {
              id: question.id,
              refs: conditionsReading(definition, question.code),
              tokens: question.code,
            };
          }}
          onChange={(code) => {
            const captured = codeReaders.current?.id === question.id ? codeReaders.current : undefined;
            // Without a capture (no focus event), the rules reading the current code follow.
            const refs = captured?.refs ?? conditionsReading(definition, question.code);
            const tokens = captured?.tokens ?? question.code;
            if (captured && tokensFollow(definition, tokens, code)) captured.tokens = code;
            onChange((d) => setCode(d, container, index, code, refs, tokens), `${path}.code`);
          }}
        />
        <CodeNotes question={question} definition={definition} published={published} />
        <TextInput
          id="question-section"
          label="Section title (optional heading above this question)"
          value={question.sectionTitle}
          errors={errors(`${path}.sectionTitle`)}
          recall={recall}
          onChange={(sectionTitle) => change((q) => ({ ...q, sectionTitle }), 'sectionTitle')}
        />
        <div className="row">
          <div className="field">
            <label htmlFor="question-type">Type</label>
            <select
              id="question-type"
              value={question.type}
              onChange={(event) => change((q) => changeType(q, event.target.value as QuestionTypeName), 'type')}
            >
              {QUESTION_TYPE_NAMES.map((type) => (
                <option key={type} value={type}>
                  {typeName(type)}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor="question-width">Width</label>
            <select
              id="question-width"
              value={question.width}
              onChange={(event) => change((q) => ({ ...q, width: event.target.value as Question['width'] }), 'width')}
            >
              {QUESTION_WIDTHS.map((width) => (
                <option key={width} value={width}>
                  {widthName(width)}
                </option>
              ))}
            </select>
          </div>
        </div>
        <TypeConfigFields
          type={question.type}
          config={(question.typeConfig ?? {}) as Record<string, unknown>}
          path={`${path}.typeConfig`}
          fieldErrors={errors}
          onChange={(typeConfig, key) => change((q) => ({ ...q, typeConfig }) as Question, key)}
          onChoiceLabel={(choice, label, list) =>
            onChange(
              (d) => setChoiceLabel(d, container, index, choice, label, lockedValues, list),
              `${path}.${list}.${choice}.label`,
            )
          }
          onChoiceValue={(choice, value, list) =>
            onChange((d) => setChoiceValue(d, container, index, choice, value, list), `${path}.${list}.${choice}.value`)
          }
          onChoicePaste={(choice, lines, replace, list) =>
            onChange(
              (d) => pasteChoices(d, container, index, choice, lines, replace, lockedValues, list),
              `${path}.${list}.${choice}.paste`,
            )
          }
          onPendingList={(name, text) => onPendingText?.(name, text)}
          recall={recall}
        />
        {rules(
          question,
          (ruleChange, key) =>
            onChange((d) => updateQuestion(d, container, index, (q) => ({ ...q, ...ruleChange })), key),
          question.code,
        )}
      </section>
    );
  }

  const section =
    selection.kind === 'step'
      ? definition.steps[selection.step]
      : selection.step === undefined
        ? definition.tabs[selection.tab]
        : definition.steps[selection.step]?.tabs[selection.tab];
  if (!section) return null;
  const setSection = (
    sectionChange: { title?: string; visibility?: RuleConfig; requirement?: RuleConfig },
    key: string,
  ) =>
    onChange(
      (d) =>
        selection.kind === 'step'
          ? updateStep(d, selection.step, sectionChange)
          : updateTab(d, selection.step, selection.tab, sectionChange),
      key,
    );
  const noun = selection.kind === 'step' ? 'Step' : 'Tab';
  return (
    <section className="panel properties" aria-labelledby="properties-title">
      <Heading>{noun} properties</Heading>
      <TextInput
        id="section-title"
        label={`${noun} title`}
        value={section.title}
        errors={errors(`${path}.title`)}
        recall={recall}
        onChange={(title) => setSection({ title }, `${path}.title`)}
      />
      {rules(section, setSection)}
    </section>
  );
}
