/**
 * A definition in words a builder reads: questions by prompt, types and widths by name, rules as
 * sentences, type settings by name. Any screen that shows a part of a definition uses these.
 */
export {
  ADDRESS_PART_NAMES,
  dateWords,
  oneLine,
  questionName,
  quoted,
  sectionName,
  typeName,
  widthName,
} from './question-words.ts';
export {
  conditionInWords,
  conditionsInWords,
  operatorWords,
  type QuestionLookup,
  questionLookup,
  requirementInWords,
  visibilityInWords,
} from './rule-words.ts';
export { settingName, settingValue } from './setting-words.ts';
