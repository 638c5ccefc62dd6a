import { type Definition, questionPlaces } from '@forms-engine/schema/rules';
import { lazy } from '../lazy';

/**
 * The address suggestions (a combobox over /public/v1/geocode), loaded when a questionnaire offers
 * them: most addresses do not, and it is about 0.75 KB gzip of `mount`. Preloaded as the document
 * arrives, like the file upload.
 */
export const AddressSuggest = lazy(() => import('./address-suggest').then((module) => module.AddressSuggest));

export const preloadAddressSuggest = (definition: Definition) => {
  if (questionPlaces(definition).some(({ question }) => question.type === 'ADDRESS' && question.typeConfig.suggestions))
    AddressSuggest.preload();
};
