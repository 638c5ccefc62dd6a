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
import type { Definition, Problem, Question } from '@forms-engine/schema';
import { QUESTION_TYPE_NAMES, type QuestionTypeName } from '@forms-engine/schema/rules';
import { useState } from 'react';
import {
  addQuestion,
  addStep,
  addTab,
  type Container,
  type ContainerRef,
  containersOf,
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
import { QUESTION_TYPE_LABELS } from './question-types.ts';

export interface OutlineProps {
  definition: Definition;
  selection: Selection | undefined;
  problem: Problem | undefined;
  onSelect: (selection: Selection) => void;
  onChange: (change: (definition: Definition) => Definition) => void;
}

const hasErrorAt = (problem: Problem | undefined, path: string) =>
  (problem?.errors ?? []).some((field) => field.path === path || field.path.startsWith(`${path}.`));

const containerKey = (ref: ContainerRef) => `${ref.step ?? '-'}:${ref.tab ?? '-'}`;

function AddQuestion({ container, onChange }: { container: Container; onChange: OutlineProps['onChange'] }) {
  const [type, setType] = useState<QuestionTypeName>('SHORT_TEXT');
  const id = `add-type-${containerKey(container.ref)}`;
  return (
    <div className="row">
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
      <button
        type="button"
        aria-label={`Add question to ${container.label}`}
        onClick={() => onChange((d) => addQuestion(d, container.ref, type))}
      >
        Add question
      </button>
    </div>
  );
}

interface QuestionItemProps {
  question: Question;
  index: number;
  container: Container;
  containers: Container[];
  props: OutlineProps;
}

function QuestionItem({ question, index, container, containers, props }: QuestionItemProps) {
  const { attributes, listeners, setNodeRef, transform, transition } = useSortable({
    id: `${containerKey(container.ref)}/${index}`,
  });
  const selected =
    props.selection?.kind === 'question' &&
    sameContainer(props.selection.container, container.ref) &&
    props.selection.index === index;
  const path = `${container.path}.${index}`;
  const name = question.prompt || question.code;
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
          {name} <span className="muted">({QUESTION_TYPE_LABELS[question.type]})</span>
          {hasErrorAt(props.problem, path) && <span className="has-error"> · has errors</span>}
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
  props,
}: {
  container: Container;
  containers: Container[];
  props: OutlineProps;
}) {
  const ids = container.questions.map((_, index) => `${containerKey(container.ref)}/${index}`);
  return (
    <SortableContext items={ids} strategy={verticalListSortingStrategy}>
      <ul aria-label={`Questions of ${container.label}`}>
        {container.questions.map((question, index) => (
          <QuestionItem
            key={question.id}
            question={question}
            index={index}
            container={container}
            containers={containers}
            props={props}
          />
        ))}
      </ul>
      <AddQuestion container={container} onChange={props.onChange} />
    </SortableContext>
  );
}

/** Parses a sortable id back into its container and index. */
function parseId(id: string | number, containers: Container[]): { container: Container; index: number } | undefined {
  const [key, index] = String(id).split('/');
  const container = containers.find((c) => containerKey(c.ref) === key);
  return container ? { container, index: Number(index) } : undefined;
}

/** Steps > tabs > questions: add, remove, select, and reorder by drag and drop or by keyboard. */
export function Outline(props: OutlineProps) {
  const { definition, onChange, onSelect, selection } = props;
  const containers = containersOf(definition);
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

  return (
    <nav className="outline panel" aria-label="Outline">
      <h2>Outline</h2>
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
                      {hasErrorAt(props.problem, `steps.${s}`) && <span className="has-error"> · has errors</span>}
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
                          {container && <QuestionList container={container} containers={containers} props={props} />}
                        </li>
                      );
                    })}
                  </ul>
                  {own && <QuestionList container={own} containers={containers} props={props} />}
                  <button
                    type="button"
                    aria-label={`Add tab to ${stepName}`}
                    onClick={() => onChange((d) => addTab(d, s))}
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
              {container.ref.tab !== undefined && <h3>{container.label}</h3>}
              <QuestionList container={container} containers={containers} props={props} />
            </div>
          ))
        )}
      </DndContext>
      <div className="actions">
        <button type="button" onClick={() => onChange(addStep)}>
          Add step
        </button>
      </div>
    </nav>
  );
}
