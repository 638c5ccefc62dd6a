import { type Definition, type Question, questionPlaces } from '@forms-engine/schema/rules';
import { type ComponentType, h } from 'preact';
import type { QuestionProps } from '../field';
import { lazy } from '../lazy';

/**
 * The matrix, ranking, NPS, date-time and time questions, and choice lists with "Other" or a
 * shuffled order (issue 25): one chunk loaded when a questionnaire has one, so the script tag's
 * first load stays within its budget for the questionnaires that do not. Preloaded as the
 * document arrives, like the file upload.
 */
export const MoreType = lazy<QuestionProps>(() => import('./more-types').then((module) => module.MoreType));

/** A choice list with Other or a shuffle takes the chunk's component; a plain one stays as it was. */
const hasListOptions = (question: Question) =>
  'choices' in question.typeConfig &&
  question.type !== 'RANKING' &&
  (!!question.typeConfig.allowOther || (question.typeConfig.shuffle ?? 'NONE') !== 'NONE');

export const withListOptions =
  <T extends Question['type']>(Plain: ComponentType<QuestionProps<T>>) =>
  (props: QuestionProps<T>) =>
    h(hasListOptions(props.question as Question) ? MoreType : (Plain as ComponentType<QuestionProps>), props);

const MORE = ['MATRIX', 'RANKING', 'NPS', 'DATE_TIME', 'TIME'];

export const preloadMoreTypes = (definition: Definition) => {
  if (questionPlaces(definition).some(({ question }) => MORE.includes(question.type) || hasListOptions(question))) {
    MoreType.preload();
  }
};
