/** The chunk `more-types-on-demand.ts` loads: the question types and list options of issue 25. */
export { ChoiceWithOptions } from './choice-with-options';
export { DateTime, Time } from './date-time';
export { Matrix } from './matrix';
export { Nps } from './nps';
export { Ranking } from './ranking';
