import type { Definition, FileReference, Question } from '@forms-engine/schema';
import { ADDRESS_FIELDS } from '@forms-engine/schema/rules';

/** A question with where it sits (step and tab titles), in the definition's order. */
export interface PlacedQuestion {
  question: Question;
  place: string;
}

const titled = (title: string, fallback: string) => title.trim() || fallback;

/** Every question of a definition, whichever layout it uses (steps, tabs or plain questions). */
export function placedQuestions(definition: Definition): PlacedQuestion[] {
  const placed: PlacedQuestion[] = [];
  const add = (questions: Question[], place: string) => {
    for (const question of questions) placed.push({ question, place });
  };
  definition.steps.forEach((step, s) => {
    const stepTitle = titled(step.title, `Step ${s + 1}`);
    add(step.questions, stepTitle);
    step.tabs.forEach((tab, t) => {
      add(tab.questions, `${stepTitle} › ${titled(tab.title, `Tab ${t + 1}`)}`);
    });
  });
  definition.tabs.forEach((tab, t) => {
    add(tab.questions, titled(tab.title, `Tab ${t + 1}`));
  });
  add(definition.questions, '');
  return placed;
}

export function isFileList(value: unknown): value is FileReference[] {
  return (
    Array.isArray(value) &&
    value.every((item) => typeof item === 'object' && item !== null && 'fileId' in item && 'fileName' in item)
  );
}

/** An answer as text, using the question's choice labels and yes/no labels where it has them. */
export function answerText(question: Question | undefined, value: unknown): string {
  if (value === undefined || value === null || value === '') return '—';
  const labelOf = (choice: unknown) => {
    if (question && 'choices' in question.typeConfig) {
      const found = question.typeConfig.choices.find((c) => c.value === choice);
      if (found) return found.label;
    }
    return String(choice);
  };
  if (typeof value === 'boolean') {
    if (question?.type === 'YES_NO') {
      return value ? question.typeConfig.yesLabel || 'Yes' : question.typeConfig.noLabel || 'No';
    }
    if (question?.type === 'CONSENT') return value ? 'Agreed' : 'Not agreed';
    return value ? 'Yes' : 'No';
  }
  if (Array.isArray(value)) return value.map(labelOf).join(', ');
  if (typeof value === 'object') {
    const address = value as Record<string, unknown>;
    if ('line1' in address) {
      return ADDRESS_FIELDS.map((key) => address[key])
        .filter((part) => typeof part === 'string' && part.trim())
        .join(', ');
    }
    return JSON.stringify(value);
  }
  return labelOf(value);
}
