import type { EmbedEventDetails, EmbedEventName } from './session/machine';

/** The DOM event names dispatched on the target element, one per callback. */
export const DOM_EVENT_NAMES: { [K in EmbedEventName]: string } = {
  ready: 'forms-engine:ready',
  responseCreated: 'forms-engine:response-created',
  stepChange: 'forms-engine:step-change',
  save: 'forms-engine:save',
  complete: 'forms-engine:complete',
  error: 'forms-engine:error',
};

export type { EmbedEventDetails, EmbedEventName };
