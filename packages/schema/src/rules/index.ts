/**
 * The rule engine: plain TypeScript with no runtime dependencies, shared by the embed's
 * renderer, the editor's preview and the server. Subpath export `@forms-engine/schema/rules`.
 */
export { COUNTRY_CODE_LIST } from './countries';
export { isEmptyAnswer } from './empty';
export * from './file-types';
export { isAcceptedType, isEmail, isPhone, isWebUrl } from './formats';
export { canonicalLanguage, languagesOf, localize, lookupLanguage } from './languages';
export type * from './model';
export {
  dateTimeInZone,
  instantOfDateTime,
  isDateTime,
  isTimeOfDay,
  minutesOfTime,
  wallClockOf,
  withLocalOffset,
} from './moments';
export { applyOperator, compareOrdered, isIsoDate, jsonEquals, type Operands } from './operators';
export {
  escapeRichText,
  fillRecall,
  formatRecalledAnswer,
  hasRecall,
  parseRecallToken,
  type RecallToken,
  type RecallWords,
  recallTokensOf,
  recallValues,
} from './recall';
export {
  chooseEnding,
  type RuleContext,
  type RuleState,
  resolveRules,
  ruleConfigHolds,
  ruleHolds,
} from './resolve';
export { shuffledOrder } from './shuffle';
export {
  type AnswerError,
  type AnswerErrorCode,
  REQUIRED_ADDRESS_FIELDS,
  validateAnswer,
  validateScreen,
} from './validate';
export * from './vocabulary';
export {
  findScreen,
  type Layout,
  type QuestionPlace,
  questionPlaces,
  type Screen,
  screensOf,
  type WalkedElement,
  walkDefinition,
} from './walk';
