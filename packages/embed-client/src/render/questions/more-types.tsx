import type { Question } from '@forms-engine/schema/rules';
import type { ComponentType } from 'preact';
import type { QuestionProps } from '../field';
import { ChoiceWithOptions } from './choice-with-options';
import { DateTime, Time } from './date-time';
import { Matrix } from './matrix';
import { Nps } from './nps';
import { Ranking } from './ranking';

const COMPONENTS: Partial<Record<Question['type'], ComponentType<QuestionProps<never>>>> = {
  MATRIX: Matrix,
  RANKING: Ranking,
  NPS: Nps,
  DATE_TIME: DateTime,
  TIME: Time,
};

/** The chunk `more-types-on-demand.ts` loads: the question types and list options of issue 25, by type. */
export function MoreType(props: QuestionProps) {
  const Component = (COMPONENTS[props.question.type] ?? ChoiceWithOptions) as ComponentType<QuestionProps>;
  return <Component {...props} />;
}
