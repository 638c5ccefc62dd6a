/** `@forms-engine/embed-client/element`: importing it registers `<forms-engine-questionnaire>`. */
import { defineFormsEngineElement } from './element';

defineFormsEngineElement();

export { defineFormsEngineElement, ELEMENT_NAME } from './element';
