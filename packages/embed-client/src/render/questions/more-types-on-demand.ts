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
const load = () => import('./more-types');

export const Matrix = lazy(() => load().then((module) => module.Matrix));
export const Ranking = lazy(() => load().then((module) => module.Ranking));
export const Nps = lazy(() => load().then((module) => module.Nps));
export const DateTime = lazy(() => load().then((module) => module.DateTime));
export const Time = lazy(() => load().then((module) => module.Time));
type ChoiceType = 'SINGLE_CHOICE' | 'MULTI_CHOICE' | 'DROPDOWN';
const ChoiceWithOptions = lazy<QuestionProps<ChoiceType>>(() => load().then((module) => module.ChoiceWithOptions));

/** A choice list with Other or a shuffle takes the chunk's component; a plain one stays as it was. */
const hasListOptions = (question: Question) =>
  (question.type === 'SINGLE_CHOICE' || question.type === 'MULTI_CHOICE' || question.type === 'DROPDOWN') &&
  (!!question.typeConfig.allowOther || (question.typeConfig.shuffle ?? 'NONE') !== 'NONE');

export const withListOptions =
  <T extends ChoiceType>(Plain: ComponentType<QuestionProps<T>>) =>
  (props: QuestionProps<T>) =>
    hasListOptions(props.question as Question)
      ? h(ChoiceWithOptions, props as QuestionProps<ChoiceType>)
      : h(Plain, props);

const MORE = new Set<Question['type']>(['MATRIX', 'RANKING', 'NPS', 'DATE_TIME', 'TIME']);

export const preloadMoreTypes = (definition: Definition) => {
  if (questionPlaces(definition).some(({ question }) => MORE.has(question.type) || hasListOptions(question))) {
    for (const component of [Matrix, Ranking, Nps, DateTime, Time, ChoiceWithOptions]) component.preload();
  }
};
