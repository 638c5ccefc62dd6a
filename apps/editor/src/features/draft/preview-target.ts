import { allQuestions, Definition, QUESTION_TYPES, type Question, type RuleConfig } from '@forms-engine/schema';
import { plainText } from '@forms-engine/schema/text';
import { conditionsInWords } from '../../definition-words/index.ts';
import { lookupOf } from '../../rule-builder/words.ts';
import { questionsOf, type Selection, selectionPath, updateAt } from './model.ts';

/**
 * What the preview opens for the selected element: its step and tab, shown even where rules
 * would hide it (the builder is looking at it), with those rules said in words instead.
 */
export interface PreviewTarget {
  /** The position the embed opens at (its rehydration), or none for the first screen. */
  position?: { stepId: string | null; tabId?: string } | undefined;
  /** The elements (paths) whose own visibility rule is set aside in the preview. */
  shown: string[];
  /** "This question is shown only when …", one per element set aside. */
  notes: string[];
  /** A note about the selected element the preview cannot open at (an ending). */
  aside?: string;
  /** Changes when the preview must open somewhere else. */
  key: string;
}

function hiddenNote(name: string, visibility: RuleConfig, questions: readonly Question[]): string | undefined {
  if (visibility.mode === 'NEVER') return `${name} is never shown to respondents.`;
  if (visibility.mode !== 'CONDITIONAL') return undefined;
  const when = conditionsInWords(visibility, lookupOf(questions));
  return when ? `${name} is shown only when ${when}.` : `${name} is shown only when its rule holds.`;
}

const titled = (noun: string, index: number, title: string) => {
  const text = plainText(title).trim();
  return `${noun} ${index + 1}${text ? ` “${text}”` : ''}`;
};

export function previewTarget(definition: Definition, selection: Selection | undefined): PreviewTarget {
  if (!selection || selection.kind === 'hidden') return { shown: [], notes: [], key: '' };
  if (selection.kind === 'ending') {
    // The embed shows an ending after the last step; the preview starts at the first screen.
    return {
      shown: [],
      notes: [],
      aside: 'Endings show after the last step: answer to the end to see which one a respondent gets.',
      key: `endings.${selection.ending}`,
    };
  }
  const stepIndex = selection.kind === 'question' ? selection.container.step : selection.step;
  const tabIndex =
    selection.kind === 'question' ? selection.container.tab : selection.kind === 'tab' ? selection.tab : undefined;
  const step = stepIndex === undefined ? undefined : definition.steps[stepIndex];
  const tabs = stepIndex === undefined ? definition.tabs : (step?.tabs ?? []);
  const tab = tabIndex === undefined ? undefined : tabs[tabIndex];
  const questions = allQuestions(definition);

  const shown: string[] = [];
  const notes: string[] = [];
  const consider = (path: string, name: string, visibility: RuleConfig | undefined) => {
    const note = visibility && hiddenNote(name, visibility, questions);
    if (!note) return;
    shown.push(path);
    notes.push(note);
  };
  if (step && stepIndex !== undefined)
    consider(`steps.${stepIndex}`, titled('Step', stepIndex, step.title), step.visibility);
  if (tab && tabIndex !== undefined) {
    const path = stepIndex === undefined ? `tabs.${tabIndex}` : `steps.${stepIndex}.tabs.${tabIndex}`;
    consider(path, selection.kind === 'tab' ? 'This tab' : titled('Tab', tabIndex, tab.title), tab.visibility);
  }
  if (selection.kind === 'question') {
    const question = questionsOf(definition, selection.container)[selection.index];
    consider(selectionPath(selection), 'This question', question?.visibility);
  }
  if (selection.kind === 'step' && notes[0]) notes[0] = notes[0].replace(/^Step \d+( “[^”]*”)?/, 'This step');

  const position = step || tab ? { stepId: step?.id ?? null, ...(tab ? { tabId: tab.id } : {}) } : undefined;
  return { position, shown, notes, key: JSON.stringify([position, shown]) };
}

/** Each question's typeConfig with its type's defaults written out, as the server would store it. */
function withDefaults(question: Question): Question {
  const config = QUESTION_TYPES[question.type]?.config.safeParse(question.typeConfig ?? {});
  return config?.success ? ({ ...question, typeConfig: config.data } as Question) : question;
}

/**
 * The definition the preview serves: what the server would store (type defaults written out,
 * so a new rating shows 1 to 5), with the target's hiding rules set aside. A draft with
 * problems is previewed too, question by question.
 */
export function previewDefinition(definition: Definition, target: PreviewTarget): Definition {
  const parsed = Definition.safeParse(definition);
  let shown: Definition = parsed.success
    ? parsed.data
    : {
        ...definition,
        questions: definition.questions.map(withDefaults),
        tabs: definition.tabs.map((tab) => ({ ...tab, questions: tab.questions.map(withDefaults) })),
        steps: definition.steps.map((step) => ({
          ...step,
          questions: step.questions.map(withDefaults),
          tabs: step.tabs.map((tab) => ({ ...tab, questions: tab.questions.map(withDefaults) })),
        })),
      };
  for (const path of target.shown) shown = updateAt(shown, `${path}.visibility`, () => ({ mode: 'ALWAYS' }));
  return shown;
}
