/**
 * A definition in words a builder reads: questions by prompt, types and widths by name, rules as
 * sentences, type settings by name. Any screen that shows a part of a definition uses these.
 */
export {
  ADDRESS_PART_NAMES,
  addressPartName,
  dateWords,
  endingName,
  oneLine,
  questionName,
  quoted,
  recordedEnding,
  sectionName,
} from './question-words.ts';
export {
  conditionInWords,
  conditionsInWords,
  hiddenFieldName,
  operatorWords,
  otherName,
  type QuestionLookup,
  questionLookup,
  requirementInWords,
  visibilityInWords,
} from './rule-words.ts';
export { fileTypeName, SHUFFLE_WORDS, settingHint, settingName, settingValue } from './setting-words.ts';
export {
  isRightToLeft,
  languageLabel,
  languageName,
  languagesInOrder,
  missingByLanguage,
  missingTexts,
  ownLanguageName,
  questionWords,
  TEXT_LIMITS,
  type TranslatableText,
  textCount,
  translatableTexts,
  translationOf,
  untranslatedInWords,
} from './texts.ts';
export { typeDescription, typeName, widthName } from './type-names.ts';
