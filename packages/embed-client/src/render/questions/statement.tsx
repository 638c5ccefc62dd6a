import type { QuestionProps } from '../field';

/** Display only: the prompt and its body, as plain text. */
export function Statement({ question }: QuestionProps<'STATEMENT'>) {
  return (
    <div class="fe-statement">
      {question.prompt ? <p class="fe-statement-title">{question.prompt}</p> : null}
      {question.typeConfig.body ? <p class="fe-statement-body">{question.typeConfig.body}</p> : null}
    </div>
  );
}
