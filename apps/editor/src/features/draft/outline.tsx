import {
  type Announcements,
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
import { oneLine, questionName, typeDescription, typeName } from '../../definition-words/index.ts';
import { TypeIcon } from '../../ui/type-icon.tsx';
import {
  addEnding,
  addQuestion,
  addStep,
  addTab,
  type Container,
  type ContainerRef,
  containersOf,
  duplicateQuestion,
  duplicateStep,
  duplicateTab,
  moveEnding,
  moveQuestion,
  moveQuestionTo,
  moveStep,
  removeEnding,
  removeQuestion,
  removeStep,
  removeTab,
  type Selection,
  sameContainer,
  selectionPath,
} from './model.ts';
import type { DraftProblem } from './problems.ts';

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
  const key = containerKey(container.ref);
  const id = `add-type-${key}`;
  const add = (chosen: QuestionTypeName) => {
    props.onChange((d) => addQuestion(d, container.ref, chosen));
    props.onSelect(
      { kind: 'question', container: container.ref, index: container.questions.length },
      'question-prompt',
    );
  };
  return (
    <div className="add-question">
      <div className="row">
        <div className="field">
          <label htmlFor={id} className="muted">
            New question type ({container.label})
          </label>
          <select
            id={id}
            value={type}
            aria-describedby={`${id}-description`}
            onChange={(event) => setType(event.target.value as QuestionTypeName)}
          >
            {QUESTION_TYPE_NAMES.map((name) => (
              <option key={name} value={name}>
                {typeName(name)}
              </option>
            ))}
          </select>
        </div>
        <button type="button" aria-label={`Add question to ${container.label}`} onClick={() => add(type)}>
          Add question
        </button>
      </div>
      <p id={`${id}-description`} className="muted hint type-description">
        <TypeIcon type={type} /> {typeDescription(type)}
      </p>
      <details className="type-picker">
        <summary>Every type, described</summary>
        {/* One button per type, named as the type: Tab and Enter (or Space) add it; the line under it describes it. */}
        <ul aria-label={`Question types to add to ${container.label}`}>
          {QUESTION_TYPE_NAMES.map((name) => (
            <li key={name}>
              <button type="button" aria-describedby={`${id}-${name}`} onClick={() => add(name)}>
                <TypeIcon type={name} />
                <span className="type-name">{typeName(name)}</span>
              </button>
              <span id={`${id}-${name}`} className="muted type-line">
                {typeDescription(name)}
              </span>
            </li>
          ))}
        </ul>
      </details>
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
              <span className="muted">({typeName(question.type)})</span>
            </>
          )}
          <ProblemMark problems={props.problems} path={path} />
        </button>
        <GlyphButton
          label={`Move up: ${name}`}
          glyph="↑"
          disabled={index === 0}
          onClick={() => props.onChange((d) => moveQuestion(d, container.ref, index, -1))}
        />
        <GlyphButton
          label={`Move down: ${name}`}
          glyph="↓"
          disabled={index === count - 1}
          onClick={() => props.onChange((d) => moveQuestion(d, container.ref, index, 1))}
        />
        <GlyphButton
          label={`Duplicate ${name}`}
          glyph="❐"
          onClick={() => {
            props.onChange((d) => duplicateQuestion(d, container.ref, index));
            props.onSelect({ kind: 'question', container: container.ref, index: index + 1 }, 'question-prompt');
          }}
        />
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
        <GlyphButton
          label={`Remove ${name}`}
          glyph="✕"
          danger
          onClick={() => props.onChange((d) => removeQuestion(d, container.ref, index))}
        />
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

/** A tab's row in the outline: select it, duplicate it, remove it (a step's tab or a top-level one). */
function TabItem({
  label,
  name,
  tab,
  props,
}: {
  label: React.ReactNode;
  /** The tab's full name in the buttons' labels ("About you › Contact"). */
  name: string;
  tab: { step?: number; tab: number };
  props: OutlineProps;
}) {
  const { onChange, onSelect, selection, problems } = props;
  const self: Selection = tab.step === undefined ? { kind: 'tab', tab: tab.tab } : { kind: 'tab', ...tab };
  const path = tab.step === undefined ? `tabs.${tab.tab}` : `steps.${tab.step}.tabs.${tab.tab}`;
  const selected = selection !== undefined && selectionPath(selection) === selectionPath(self);
  return (
    <div className="item" aria-current={selected ? 'true' : undefined}>
      <button type="button" className="select" onClick={() => onSelect(self)}>
        {label}
        <ProblemMark problems={problems} path={path} />
      </button>
      <GlyphButton
        label={`Duplicate ${name}`}
        glyph="❐"
        onClick={() => {
          onChange((d) => duplicateTab(d, tab.step, tab.tab));
          onSelect({ ...self, tab: tab.tab + 1 }, 'section-title');
        }}
      />
      <GlyphButton
        label={`Remove ${name}`}
        glyph="✕"
        danger
        onClick={() => onChange((d) => removeTab(d, tab.step, tab.tab))}
      />
    </div>
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
  // What a screen reader hears while a question is dragged with the keyboard: names, not ids.
  const nameAt = (id: string | number) => {
    const at = parseId(id, containers);
    const question = at?.container.questions[at.index];
    return question ? (names.get(question) ?? questionName(question)) : 'the question';
  };
  const placeAt = (id: string | number) => {
    const at = parseId(id, containers);
    return at ? `place ${at.index + 1} of ${at.container.label}` : 'a place in the outline';
  };
  const announcements: Announcements = {
    onDragStart: ({ active }) => `Picked up ${nameAt(active.id)}.`,
    onDragOver: ({ active, over }) =>
      over ? `${nameAt(active.id)} is over ${placeAt(over.id)}.` : `${nameAt(active.id)} is over no place.`,
    onDragEnd: ({ active, over }) =>
      over ? `${nameAt(active.id)} was dropped at ${placeAt(over.id)}.` : `${nameAt(active.id)} was put back.`,
    onDragCancel: ({ active }) => `Moving ${nameAt(active.id)} was cancelled: it is back in its place.`,
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
      <DndContext
        sensors={sensors}
        collisionDetection={closestCenter}
        onDragEnd={onDragEnd}
        accessibility={{ announcements }}
      >
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
                    <GlyphButton
                      label={`Move up: ${stepName}`}
                      glyph="↑"
                      disabled={s === 0}
                      onClick={() => onChange((d) => moveStep(d, s, -1))}
                    />
                    <GlyphButton
                      label={`Move down: ${stepName}`}
                      glyph="↓"
                      disabled={s === definition.steps.length - 1}
                      onClick={() => onChange((d) => moveStep(d, s, 1))}
                    />
                    <GlyphButton
                      label={`Duplicate ${stepName}`}
                      glyph="❐"
                      onClick={() => {
                        onChange((d) => duplicateStep(d, s));
                        onSelect({ kind: 'step', step: s + 1 }, 'section-title');
                      }}
                    />
                    <GlyphButton
                      label={`Remove ${stepName}`}
                      glyph="✕"
                      danger
                      onClick={() => onChange((d) => removeStep(d, s))}
                    />
                  </div>
                  <ul>
                    {step.tabs.map((tab, t) => {
                      const tabName = `${stepName} › ${tab.title || `Tab ${t + 1}`}`;
                      const container = byRef({ step: s, tab: t });
                      return (
                        <li key={tab.id}>
                          <TabItem
                            label={tab.title || `Tab ${t + 1}`}
                            name={tabName}
                            tab={{ step: s, tab: t }}
                            props={props}
                          />
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
                <TabItem
                  label={<strong>{container.label}</strong>}
                  name={container.label}
                  tab={{ tab: container.ref.tab }}
                  props={props}
                />
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
      <Endings {...props} isSelected={isSelected} />
      <h3 className="outline-heading">Hidden fields</h3>
      <div className="item" aria-current={isSelected({ kind: 'hidden' }) ? 'true' : undefined}>
        <button type="button" className="select" onClick={() => onSelect({ kind: 'hidden' })}>
          {hiddenFieldsWords(definition)}
          <ProblemMark problems={problems} path="hiddenFields" />
        </button>
      </div>
    </nav>
  );
}

/** "utm_source, customer_id" or "None yet: add one", as the outline's item reads. */
function hiddenFieldsWords(definition: Definition): string {
  const keys = (definition.hiddenFields ?? []).map((field) => field.key || 'a key not written yet');
  return keys.length > 0 ? `Hidden fields: ${keys.join(', ')}` : 'Hidden fields: none yet';
}

/** The endings, under the steps: select, reorder, remove, add. */
function Endings(props: OutlineProps & { isSelected: (selection: Selection) => boolean }) {
  const { definition, onChange, onSelect, problems, isSelected } = props;
  const endings = definition.endings ?? [];
  return (
    <>
      <h3 className="outline-heading">Endings</h3>
      {endings.length === 0 ? (
        <p className="muted">Respondents see “Thank you” at the end. Add endings to choose what they see by rules.</p>
      ) : (
        <ul aria-label="Endings">
          {endings.map((ending, index) => {
            const name = oneLine(ending.title) || `Ending ${index + 1}`;
            return (
              <li key={ending.id}>
                <div className="item" aria-current={isSelected({ kind: 'ending', ending: index }) ? 'true' : undefined}>
                  <button type="button" className="select" onClick={() => onSelect({ kind: 'ending', ending: index })}>
                    {name}
                    <ProblemMark problems={problems} path={`endings.${index}`} />
                  </button>
                  <GlyphButton
                    label={`Move up: ${name}`}
                    glyph="↑"
                    disabled={index === 0}
                    onClick={() => {
                      onChange((d) => moveEnding(d, index, -1));
                      if (isSelected({ kind: 'ending', ending: index }))
                        onSelect({ kind: 'ending', ending: index - 1 });
                    }}
                  />
                  <GlyphButton
                    label={`Move down: ${name}`}
                    glyph="↓"
                    disabled={index === endings.length - 1}
                    onClick={() => {
                      onChange((d) => moveEnding(d, index, 1));
                      if (isSelected({ kind: 'ending', ending: index }))
                        onSelect({ kind: 'ending', ending: index + 1 });
                    }}
                  />
                  <GlyphButton
                    label={`Remove ${name}`}
                    glyph="✕"
                    danger
                    onClick={() => onChange((d) => removeEnding(d, index))}
                  />
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <div className="actions">
        <button
          type="button"
          onClick={() => {
            onChange(addEnding);
            onSelect({ kind: 'ending', ending: endings.length }, 'ending-title');
          }}
        >
          Add ending
        </button>
      </div>
    </>
  );
}

/** A one-glyph action of an outline item, named for screen readers and in its tooltip alike. */
function GlyphButton(props: {
  label: string;
  glyph: string;
  danger?: boolean;
  disabled?: boolean;
  onClick: () => void;
}) {
  return (
    <button
      type="button"
      className={props.danger ? 'danger' : undefined}
      aria-label={props.label}
      title={props.label}
      disabled={props.disabled}
      onClick={props.onClick}
    >
      {props.glyph}
    </button>
  );
}
