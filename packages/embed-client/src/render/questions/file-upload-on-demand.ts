import { type Definition, questionPlaces } from '@forms-engine/schema/rules';
import { lazy } from '../lazy';

/**
 * The file upload, loaded when a questionnaire shows one (it is the largest question type, with
 * its file-type table).
 */
export const FileUpload = lazy(() => import('./file-upload').then((module) => module.FileUpload));

/**
 * Starts loading it as soon as a questionnaire with a file upload arrives, so the drop zone is
 * there when the person reaches it (a Tab pressed as its tab opens must not skip it).
 */
export const preloadFileUpload = (definition: Definition) => {
  if (questionPlaces(definition).some((place) => place.question.type === 'FILE_UPLOAD')) FileUpload.preload();
};
