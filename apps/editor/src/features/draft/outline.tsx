import {
  closestCenter,
  DndContext,
  type DragEndEvent,
  KeyboardSensor,
  PointerSensor,
  useSensor,
  useSensors,
} from '@dnd-kit/core';
import {
  SortableContext,
  sortableKeyboardCoordinates,
  useSortable,
  verticalListSortingStrategy,
} from '@dnd-kit/sortable';
import { CSS } from '@dnd-kit/utilities';
import type { Definition, Question } from '@forms-engine/schema';
import { QUESTION_TYPE_NAMES, type QuestionTypeName } from '@forms-engine/schema/rules';
import { useState } from 'react';
import { oneLine, questionName } from '../../definition-words/index.ts';
import {
  addQuestion,
  addStep,
  addTab,
  type Container,
  type ContainerRef,
  containersOf,
  duplicateQuestion,
  duplicateStep,
  duplicateTab,
  moveQuestion,
  moveQuestionTo,
  moveStep,
  removeQuestion,
  removeStep,
  removeTab,
  type Selection,
  sameContainer,
  selectionPath,
} from './model.ts';
import type { DraftProblem } from './problems.ts';
import { QUESTION_TYPE_LABELS } from './question-types.ts';

export interface OutlineProps {
  definition: Definition;
  selection: Selection | undefined;
  problems: readonly DraftProblem[];
  /** Selects an element; `focus` names the properties field to focus (a new question's prompt). */
  onSelect: (selection: Selection, focus?: string) => void;
  onChange: (change: (definition: Definition) => Definition) => void;
}

const hasProblemAt = (problems: readonly DraftProblem[], path: string) =>
  problems.some((problem) => problem.path === path || problem.path.startsWith(`${path}.`));

function ProblemMark({ problems, path }: { problems: readonly DraftProblem[]; path: string }) {
  return hasProblemAt(problems, path) ? <span className="has-error"> · needs fixing</span> : null;
}

const containerKey = (ref: ContainerRef) => `${ref.step ?? '-'}:${ref.tab ?? '-'}`;

/** Each question's name in the outline: its prompt, numbered when two read the same. */
function outlineNames(containers: Container[]): Map<Question, string> {
  const names = new Map<Question, string>();
  const seen = new Map<string, number>();
  for (const container of containers) {
    for (const question of container.questions) {
      const name = questionName(question);
      const count = (seen.get(name) ?? 0) + 1;
      seen.set(name, count);
      names.set(question, count > 1 ? `${name} (${count})` : name);
    }
  }
  return names;
}

function AddQuestion({ container, props }: { container: Container; props: OutlineProps }) {
  const [type, setType] = useState<QuestionTypeName>('SHORT_TEXT');
  const id = `add-type-${containerKey(container.ref)}`;
  return (
    <div className="row add-question">
      <div className="field">
        <label htmlFor={id} className="muted">
          New question type ({container.label})
        </label>
        <select id={id} value={type} onChange={(event) => setType(event.target.value as QuestionTypeName)}>
          {QUESTION_TYPE_NAMES.map((name) => (
            <option key={name} value={name}>
              {QUESTION_TYPE_LABELS[name]}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        aria-label={`Add question to ${container.label}`}
        onClick={() => {
          props.onChange((d) => addQuestion(d, container.ref, type));
          props.onSelect(
            { kind: 'question', container: container.ref, index: container.questions.length },
            'question-prompt',
          );
        }}
      >
        Add question
      </button>
    </div>
  );
}

interface QuestionItemProps {
  question: Question;
  name: string;
  index: number;
  container: Container;
  containers: Container[];
  props: OutlineProps;
}

function QuestionItem({ question, name, index, container, containers, props }: QuestionItemProps) {
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({
    id: `${containerKey(container.ref)}/${index}`,
  });
  const selected =
    props.selection?.kind === 'question' &&
    sameContainer(props.selection.container, container.ref) &&
    props.selection.index === index;
  const path = `${container.path}.${index}`;
  const count = container.questions.length;
  return (
    <li ref={setNodeRef} style={{ transform: CSS.Transform.toString(transform), transition }}>
      <div className="item" aria-current={selected ? 'true' : undefined}>
        <button type="button" className="drag-handle" aria-label={`Drag ${name}`} {...attributes} {...listeners}>
          ⠿
        </button>
        <button
          type="button"
          className="select"
          onClick={() => props.onSelect({ kind: 'question', container: container.ref, index })}
        >
          {name}
          {/* An untitled question is named by its type already. */}
          {oneLine(question.prompt) && (
            <>
              {' '}
              <span className="muted">({QUESTION_TYPE_LABELS[question.type] ?? 'unknown type'})</span>
            </>
          )}
          <ProblemMark problems={props.problems} path={path} />
        </button>
        <button
          type="button"
          aria-label={`Move up: ${name}`}
          title={`Move up: ${name}`}
          disabled={index === 0}
          onClick={() => props.onChange((d) => moveQuestion(d, container.ref, index, -1))}
        >
          ↑
        </button>
        <button
          type="button"
          aria-label={`Move down: ${name}`}
          title={`Move down: ${name}`}
          disabled={index === count - 1}
          onClick={() => props.onChange((d) => moveQuestion(d, container.ref, index, 1))}
        >
          ↓
        </button>
        <button
          type="button"
          aria-label={`Duplicate ${name}`}
          title={`Duplicate ${name}`}
          onClick={() => {
            props.onChange((d) => duplicateQuestion(d, container.ref, index));
            props.onSelect({ kind: 'question', container: container.ref, index: index + 1 }, 'question-prompt');
          }}
        >
          ❐
        </button>
        {containers.length > 1 && (
          <select
            aria-label={`Move ${name} to`}
            value=""
            onChange={(event) => {
              const target = containers[Number(event.target.value)];
              if (target) props.onChange((d) => moveQuestionTo(d, container.ref, index, target.ref));
            }}
          >
            <option value="">Move to…</option>
            {containers.map((other, i) =>
              sameContainer(other.ref, container.ref) ? null : (
                <option key={containerKey(other.ref)} value={i}>
                  {other.label}
                </option>
              ),
            )}
          </select>
        )}
        <button
          type="button"
          className="danger"
          aria-label={`Remove ${name}`}
          title={`Remove ${name}`}
          onClick={() => props.onChange((d) => removeQuestion(d, container.ref, index))}
        >
          ✕
        </button>
      </div>
    </li>
  );
}

function QuestionList({
  container,
  containers,
  names,
  props,
}: {
  container: Container;
  containers: Container[];
  names: Map<Question, string>;
  props: OutlineProps;
}) {
  const ids = container.questions.map((_, index) => `${containerKey(container.ref)}/${index}`);
  return (
    <SortableContext items={ids} strategy={verticalListSortingStrategy}>
      {container.questions.length === 0 ? (
        <p className="muted empty">No questions here yet: choose a type below and press Add question.</p>
      ) : (
        <ul aria-label={`Questions of ${container.label}`}>
          {container.questions.map((question, index) => (
            <QuestionItem
              key={question.id}
              question={question}
              name={names.get(question) ?? questionName(question)}
              index={index}
              container={container}
              containers={containers}
              props={props}
            />
          ))}
        </ul>
      )}
      <AddQuestion container={container} props={props} />
    </SortableContext>
  );
}

/** Parses a sortable id back into its container and index. */
function parseId(id: string | number, containers: Container[]): { container: Container; index: number } | undefined {
  const [key, index] = String(id).split('/');
  const container = containers.find((c) => containerKey(c.ref) === key);
  return container ? { container, index: Number(index) } : undefined;
}

/** Steps > tabs > questions: add, duplicate, remove, select, and reorder by drag and drop or by keyboard. */
export function Outline(props: OutlineProps) {
  const { definition, onChange, onSelect, selection, problems } = props;
  const containers = containersOf(definition);
  const names = outlineNames(containers);
  const sensors = useSensors(
    useSensor(PointerSensor, { activationConstraint: { distance: 4 } }),
    useSensor(KeyboardSensor, { coordinateGetter: sortableKeyboardCoordinates }),
  );
  const onDragEnd = ({ active, over }: DragEndEvent) => {
    if (!over || active.id === over.id) return;
    const from = parseId(active.id, containers);
    const to = parseId(over.id, containers);
    if (from && to) onChange((d) => moveQuestionTo(d, from.container.ref, from.index, to.container.ref, to.index));
  };
  const byRef = (ref: ContainerRef) => containers.find((c) => sameContainer(c.ref, ref));
  const isSelected = (candidate: Selection) =>
    selection !== undefined && selectionPath(selection) === selectionPath(candidate);
  const empty = definition.steps.length === 0 && definition.tabs.length === 0 && definition.questions.length === 0;

  return (
    <nav className="outline panel" aria-label="Outline">
      <h2>Outline</h2>
      {empty && (
        <p className="muted empty">
          This questionnaire is empty. Add its first question below, or add steps to split it into pages.
        </p>
      )}
      <DndContext sensors={sensors} collisionDetection={closestCenter} onDragEnd={onDragEnd}>
        {definition.steps.length > 0 ? (
          <ul>
            {definition.steps.map((step, s) => {
              const stepName = step.title || `Step ${s + 1}`;
              const own = byRef({ step: s });
              return (
                <li key={step.id}>
                  <div className="item" aria-current={isSelected({ kind: 'step', step: s }) ? 'true' : undefined}>
                    <button type="button" className="select" onClick={() => onSelect({ kind: 'step', step: s })}>
                      <strong>{stepName}</strong>
                      <ProblemMark problems={problems} path={`steps.${s}`} />
                    </button>
                    <button
                      type="button"
                      aria-label={`Move up: ${stepName}`}
                      title={`Move up: ${stepName}`}
                      disabled={s === 0}
                      onClick={() => onChange((d) => moveStep(d, s, -1))}
                    >
                      ↑
                    </button>
                    <button
                      type="button"
                      aria-label={`Move down: ${stepName}`}
                      title={`Move down: ${stepName}`}
                      disabled={s === definition.steps.length - 1}
                      onClick={() => onChange((d) => moveStep(d, s, 1))}
                    >
                      ↓
                    </button>
                    <button
                      type="button"
                      aria-label={`Duplicate ${stepName}`}
                      title={`Duplicate ${stepName}`}
                      onClick={() => {
                        onChange((d) => duplicateStep(d, s));
                        onSelect({ kind: 'step', step: s + 1 }, 'section-title');
                      }}
                    >
                      ❐
                    </button>
                    <button
                      type="button"
                      className="danger"
                      aria-label={`Remove ${stepName}`}
                      title={`Remove ${stepName}`}
                      onClick={() => onChange((d) => removeStep(d, s))}
                    >
                      ✕
                    </button>
                  </div>
                  <ul>
                    {step.tabs.map((tab, t) => {
                      const tabName = `${stepName} › ${tab.title || `Tab ${t + 1}`}`;
                      const container = byRef({ step: s, tab: t });
                      return (
                        <li key={tab.id}>
                          <div
                            className="item"
                            aria-current={isSelected({ kind: 'tab', step: s, tab: t }) ? 'true' : undefined}
                          >
                            <button
                              type="button"
                              className="select"
                              onClick={() => onSelect({ kind: 'tab', step: s, tab: t })}
                            >
                              {tab.title || `Tab ${t + 1}`}
                              <ProblemMark problems={problems} path={`steps.${s}.tabs.${t}`} />
                            </button>
                            <button
                              type="button"
                              aria-label={`Duplicate ${tabName}`}
                              title={`Duplicate ${tabName}`}
                              onClick={() => {
                                onChange((d) => duplicateTab(d, s, t));
                                onSelect({ kind: 'tab', step: s, tab: t + 1 }, 'section-title');
                              }}
                            >
                              ❐
                            </button>
                            <button
                              type="button"
                              className="danger"
                              aria-label={`Remove ${tabName}`}
                              title={`Remove ${tabName}`}
                              onClick={() => onChange((d) => removeTab(d, s, t))}
                            >
                              ✕
                            </button>
                          </div>
                          {container && (
                            <QuestionList container={container} containers={containers} names={names} props={props} />
                          )}
                        </li>
                      );
                    })}
                  </ul>
                  {own && <QuestionList container={own} containers={containers} names={names} props={props} />}
                  <button
                    type="button"
                    aria-label={`Add tab to ${stepName}`}
                    onClick={() => {
                      onChange((d) => addTab(d, s));
                      onSelect({ kind: 'tab', step: s, tab: step.tabs.length }, 'section-title');
                    }}
                  >
                    Add tab
                  </button>
                </li>
              );
            })}
          </ul>
        ) : (
          containers.map((container) => (
            <div key={containerKey(container.ref)}>
              {container.ref.tab !== undefined && (
                <div
                  className="item"
                  aria-current={isSelected({ kind: 'tab', tab: container.ref.tab }) ? 'true' : undefined}
                >
                  <button
                    type="button"
                    className="select"
                    onClick={() => onSelect({ kind: 'tab', tab: container.ref.tab as number })}
                  >
                    <strong>{container.label}</strong>
                    <ProblemMark problems={problems} path={`tabs.${container.ref.tab}`} />
                  </button>
                  <button
                    type="button"
                    aria-label={`Duplicate ${container.label}`}
                    title={`Duplicate ${container.label}`}
                    onClick={() => {
                      const tab = container.ref.tab as number;
                      onChange((d) => duplicateTab(d, undefined, tab));
                      onSelect({ kind: 'tab', tab: tab + 1 }, 'section-title');
                    }}
                  >
                    ❐
                  </button>
                  <button
                    type="button"
                    className="danger"
                    aria-label={`Remove ${container.label}`}
                    title={`Remove ${container.label}`}
                    onClick={() => onChange((d) => removeTab(d, undefined, container.ref.tab as number))}
                  >
                    ✕
                  </button>
                </div>
              )}
              <QuestionList container={container} containers={containers} names={names} props={props} />
            </div>
          ))
        )}
      </DndContext>
      <div className="actions">
        <button
          type="button"
          onClick={() => {
            onChange(addStep);
            onSelect({ kind: 'step', step: definition.steps.length }, 'section-title');
          }}
        >
          Add step
        </button>
      </div>
    </nav>
  );
}
