/**
 * The rule engine's helpers that only the questions loaded on demand use: the shuffle, and the
 * date-time answers written in the respondent's zone. The build gives their chunk its own copy
 * (`tsup.config.ts`, `onDemandRules`): `moments.ts` also serves the checks of the first load, and
 * a bundler places a shared file whole in the first load.
 */
export { instantOfDateTime, shuffledOrder, wallClockOf, withLocalOffset } from '@forms-engine/schema/rules';
