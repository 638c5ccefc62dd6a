import type { QuestionProps } from '../field';
import { RichText } from '../rich-text';

/** Display only: the prompt and its body, in the rich-text subset. */
export function Statement({ question }: QuestionProps<'STATEMENT'>) {
  return (
    <div class="fe-statement">
      {question.prompt ? (
        <p class="fe-statement-title">
          <RichText text={question.prompt} />
        </p>
      ) : null}
      {question.typeConfig.body ? (
        <p class="fe-statement-body">
          <RichText text={question.typeConfig.body} />
        </p>
      ) : null}
    </div>
  );
}
