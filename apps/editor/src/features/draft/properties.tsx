import type { Definition, Problem, Question, RuleConfig } from '@forms-engine/schema';
import { allQuestions } from '@forms-engine/schema';
import { QUESTION_TYPE_NAMES, QUESTION_WIDTHS, type QuestionTypeName } from '@forms-engine/schema/rules';
import { fieldErrors as errorsAt } from '../../data/problem.ts';
import { FieldErrors } from './field-errors.tsx';
import {
  changeType,
  questionsOf,
  type Selection,
  selectionPath,
  updateQuestion,
  updateStep,
  updateTab,
} from './model.ts';
import { QUESTION_TYPE_LABELS, QUESTION_WIDTH_LABELS } from './question-types.ts';
import { RuleBuilder } from './rule-builder.tsx';
import { TypeConfigFields } from './type-config-fields.tsx';

interface Props {
  definition: Definition;
  selection: Selection | undefined;
  problem: Problem | undefined;
  onChange: (change: (definition: Definition) => Definition, key: string) => void;
}

function TextInput({
  id,
  label,
  value,
  errors,
  onChange,
  multiline,
}: {
  id: string;
  label: string;
  value: string;
  errors: string[];
  onChange: (value: string) => void;
  multiline?: boolean;
}) {
  const describedBy = errors.length > 0 ? `${id}-errors` : undefined;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {multiline ? (
        <textarea
          id={id}
          value={value}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
      ) : (
        <input
          id={id}
          value={value}
          aria-invalid={errors.length > 0 || undefined}
          aria-describedby={describedBy}
          onChange={(event) => onChange(event.target.value)}
        />
      )}
      <FieldErrors id={`${id}-errors`} errors={errors} />
    </div>
  );
}

/** The properties of what the outline selected: a question's fields and type settings, or a step's or tab's title, and rules. */
export function Properties({ definition, selection, problem, onChange }: Props) {
  const errors = (path: string) => errorsAt(problem, path);
  if (!selection) {
    return (
      <section className="panel" aria-labelledby="properties-title">
        <h2 id="properties-title">Properties</h2>
        <p className="muted">Select a step, tab or question in the outline.</p>
      </section>
    );
  }
  const path = selectionPath(selection);
  const questions = allQuestions(definition);
  const rules = (
    config: { visibility: RuleConfig; requirement: RuleConfig },
    set: (change: { visibility?: RuleConfig; requirement?: RuleConfig }, key: string) => void,
  ) => (
    <>
      <RuleBuilder
        label="Visibility"
        config={config.visibility}
        questions={questions}
        path={`${path}.visibility`}
        fieldErrors={errors}
        onChange={(visibility, key) => set({ visibility }, `${path}.${key}`)}
      />
      <RuleBuilder
        label="Requirement"
        config={config.requirement}
        questions={questions}
        path={`${path}.requirement`}
        fieldErrors={errors}
        onChange={(requirement, key) => set({ requirement }, `${path}.${key}`)}
      />
    </>
  );

  if (selection.kind === 'question') {
    const question = questionsOf(definition, selection.container)[selection.index];
    if (!question) return null;
    const change = (update: (q: Question) => Question, key: string) =>
      onChange((d) => updateQuestion(d, selection.container, selection.index, update), `${path}.${key}`);
    return (
      <section className="panel" aria-labelledby="properties-title">
        <h2 id="properties-title">Question properties</h2>
        <FieldErrors id="question-errors" errors={errors(path)} />
        <TextInput
          id="question-prompt"
          label="Prompt"
          value={question.prompt}
          errors={errors(`${path}.prompt`)}
          multiline
          onChange={(prompt) => change((q) => ({ ...q, prompt }), 'prompt')}
        />
        <TextInput
          id="question-code"
          label="Code"
          value={question.code}
          errors={errors(`${path}.code`)}
          onChange={(code) => change((q) => ({ ...q, code }), 'code')}
        />
        <TextInput
          id="question-section"
          label="Section title"
          value={question.sectionTitle}
          errors={errors(`${path}.sectionTitle`)}
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
                  {QUESTION_TYPE_LABELS[type]}
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
                  {QUESTION_WIDTH_LABELS[width]}
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
        />
        {rules(question, (ruleChange, key) =>
          onChange(
            (d) => updateQuestion(d, selection.container, selection.index, (q) => ({ ...q, ...ruleChange })),
            key,
          ),
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
    <section className="panel" aria-labelledby="properties-title">
      <h2 id="properties-title">{noun} properties</h2>
      <TextInput
        id="section-title"
        label={`${noun} title`}
        value={section.title}
        errors={errors(`${path}.title`)}
        onChange={(title) => setSection({ title }, `${path}.title`)}
      />
      {rules(section, setSection)}
    </section>
  );
}
