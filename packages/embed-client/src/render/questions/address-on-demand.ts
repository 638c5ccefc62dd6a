import { type Definition, questionPlaces } from '@forms-engine/schema/rules';
import { lazy } from '../lazy';

/**
 * The address, loaded when a questionnaire shows one: after the file upload the largest question
 * type (its parts, country list and suggestion hand-off), about 1 KB gzip of `mount`'s first load
 * that made room for the schedule, limit and quota screens (issue 24). Preloaded as the document
 * arrives, like the file upload, so its parts are there when the person reaches it.
 */
export const Address = lazy(() => import('./address').then((module) => module.Address));

export const preloadAddress = (definition: Definition) => {
  if (questionPlaces(definition).some(({ question }) => question.type === 'ADDRESS')) Address.preload();
};
