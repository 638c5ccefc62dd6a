import type { AnswerError, Question as QuestionModel, RuleState } from '@forms-engine/schema/rules';
import { type ComponentType, Fragment } from 'preact';
import { useEmbed } from './context';
import { fieldIds, type QuestionProps } from './field';
import { Address } from './questions/address-on-demand';
import { Consent } from './questions/consent';
import { DateQuestion } from './questions/date';
import { Dropdown } from './questions/dropdown';
import { Email } from './questions/email';
import { FileUpload } from './questions/file-upload-on-demand';
import { LongText } from './questions/long-text';
import { MoreType, withListOptions } from './questions/more-types-on-demand';
import { MultiChoice } from './questions/multi-choice';
import { NumberQuestion } from './questions/number';
import { Phone } from './questions/phone';
import { Rating } from './questions/rating';
import { ShortText } from './questions/short-text';
import { SingleChoice } from './questions/single-choice';
import { Statement } from './questions/statement';
import { Url } from './questions/url';
import { YesNo } from './questions/yes-no';

/** One component per question type. */
const COMPONENTS: { [T in QuestionModel['type']]: ComponentType<QuestionProps<T>> } = {
  SHORT_TEXT: ShortText,
  LONG_TEXT: LongText,
  NUMBER: NumberQuestion,
  EMAIL: Email,
  PHONE: Phone,
  URL: Url,
  DATE: DateQuestion,
  SINGLE_CHOICE: withListOptions(SingleChoice),
  MULTI_CHOICE: withListOptions(MultiChoice),
  DROPDOWN: withListOptions(Dropdown),
  YES_NO: YesNo,
  RATING: Rating,
  FILE_UPLOAD: FileUpload,
  ADDRESS: Address,
  CONSENT: Consent,
  STATEMENT: Statement,
  // One component loaded on demand draws these five, by the question's type (issue 25).
  MATRIX: MoreType as never,
  RANKING: MoreType as never,
  NPS: MoreType as never,
  DATE_TIME: MoreType as never,
  TIME: MoreType as never,
};

export function QuestionField({
  question,
  rules,
  error,
}: {
  question: QuestionModel;
  rules: RuleState;
  error: AnswerError | undefined;
}) {
  const { session } = useEmbed();
  const Component = COMPONENTS[question.type] as ComponentType<QuestionProps>;
  const code = question.code;
  // An answer that arrives after a fresh start (a late upload) belongs to the earlier one.
  const epoch = session.getState().epoch;
  return (
    <Component
      question={question}
      value={session.getState().answers[code]}
      onChange={(value) => session.dispatch({ type: 'ANSWER', code, value, epoch })}
      currentValue={() => session.getState().answers[code]}
      required={rules.isRequired(question)}
      error={error}
      ids={fieldIds(question)}
    />
  );
}

const WIDTH_CLASS: Record<QuestionModel['width'], string> = {
  FULL: 'fe-w-full',
  HALF: 'fe-w-half',
  THIRD: 'fe-w-third',
  TWO_THIRDS: 'fe-w-two-thirds',
};

/** Visible questions in a grid by width; a section title starts a new row. */
export function QuestionGrid({
  questions,
  rules,
  errors,
  sectionLevel,
}: {
  questions: readonly QuestionModel[];
  rules: RuleState;
  errors: Record<string, AnswerError>;
  /** Section titles sit one level below the screen's heading (h2 when it has none). */
  sectionLevel: 2 | 3;
}) {
  const Section = sectionLevel === 2 ? 'h2' : 'h3';
  const shown = questions.filter((question) => rules.isVisible(question));
  if (shown.length === 0) return null;
  return (
    <div class="fe-grid">
      {shown.map((question) => (
        <Fragment key={question.id}>
          {question.sectionTitle ? <Section class="fe-section">{question.sectionTitle}</Section> : null}
          <div class={`fe-question ${WIDTH_CLASS[question.width] ?? 'fe-w-full'}`} data-code={question.code}>
            <QuestionField question={question} rules={rules} error={errors[question.code]} />
          </div>
        </Fragment>
      ))}
    </div>
  );
}
