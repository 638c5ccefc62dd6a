/** `@forms-engine/embed-client`: show a published Forms Engine questionnaire inline on your page. */
export type {
  FormsEngineError,
  LiveQuestionnaire,
  Problem,
  ProblemCode,
  ResponseRehydration,
} from './client';
export { DOM_EVENT_NAMES, type EmbedEventDetails, type EmbedEventName } from './events';
export { type EmbedHandle, type MountOptions, mount, type Theme } from './mount';
export { DEFAULT_LABELS, type LabelOverrides, type Labels } from './render/labels';
