import { router } from '../../trpc.ts';
import { createQuestionnaireProcedure } from './create-questionnaire.ts';
import { deleteQuestionnaireProcedure } from './delete-questionnaire.ts';
import { duplicateQuestionnaireProcedure } from './duplicate-questionnaire.ts';
import { exportQuestionnaireProcedure } from './export-questionnaire.ts';
import { getQuestionnaireProcedure } from './get-questionnaire.ts';
import { getVersionProcedure } from './get-version.ts';
import { importQuestionnaireProcedure } from './import-questionnaire.ts';
import { listQuestionnairesProcedure } from './list-questionnaires.ts';
import { listVersionsProcedure } from './list-versions.ts';
import { patchQuestionnaireProcedure } from './patch-questionnaire.ts';
import { publishQuestionnaireProcedure } from './publish-questionnaire.ts';
import { replaceDraftProcedure } from './replace-draft.ts';
import { restoreVersionProcedure } from './restore-version.ts';

export const questionnairesRouter = router({
  list: listQuestionnairesProcedure,
  create: createQuestionnaireProcedure,
  get: getQuestionnaireProcedure,
  patch: patchQuestionnaireProcedure,
  delete: deleteQuestionnaireProcedure,
  replaceDraft: replaceDraftProcedure,
  duplicate: duplicateQuestionnaireProcedure,
  export: exportQuestionnaireProcedure,
  import: importQuestionnaireProcedure,
  publish: publishQuestionnaireProcedure,
  versions: listVersionsProcedure,
  version: getVersionProcedure,
  restore: restoreVersionProcedure,
});
