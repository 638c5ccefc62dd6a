import type { Definition } from '@forms-engine/schema/rules';
import { offersLanguages } from './languages';
import { lazy } from './lazy';

/**
 * The language switcher, loaded when a questionnaire offers one (most do not): preloaded as the
 * document arrives.
 */
export const LanguageSwitcher = lazy(() => import('./language-switcher').then((module) => module.LanguageSwitcher));

export const preloadLanguageSwitcher = (definition: Definition) => {
  if (offersLanguages(definition)) LanguageSwitcher.preload();
};
