import { restCalls } from '@forms-engine/browser-testing';
import type {
  DefinitionInput,
  PatchQuestionnaireRequest,
  QuestionnaireDetail,
  ResponseExport,
} from '@forms-engine/schema';
import type { z } from 'zod';

/** The management and public REST APIs, called from the test process (no Origin header). */
export function apiOf(baseUrl: string) {
  const { call, ok } = restCalls(baseUrl);

  return {
    call,
    /**
     * Creates, configures and publishes a questionnaire. Settings (origins, policy, and issue 24's
     * schedule, limit and quotas, checked against the draft) go in before the publish.
     */
    async publish(
      definition: DefinitionInput,
      settings: z.input<typeof PatchQuestionnaireRequest> = {},
    ): Promise<QuestionnaireDetail> {
      const created = await ok<QuestionnaireDetail>('POST', '/api/v1/questionnaires', { name: 'E2E questionnaire' });
      await ok('PUT', `/api/v1/questionnaires/${created.id}/draft`, definition);
      if (Object.keys(settings).length > 0) await ok('PATCH', `/api/v1/questionnaires/${created.id}`, settings);
      return ok<QuestionnaireDetail>('POST', `/api/v1/questionnaires/${created.id}/publish`);
    },
    async responses(questionnaireId: string): Promise<ResponseExport[]> {
      const page = await ok<{ items: ResponseExport[] }>('GET', `/api/v1/questionnaires/${questionnaireId}/responses`);
      return page.items;
    },
    async deleteResponse(questionnaireId: string, responseId: string) {
      await ok('DELETE', `/api/v1/questionnaires/${questionnaireId}/responses/${responseId}`);
    },
    async fileCount(questionnaireId: string): Promise<number> {
      return (await ok<{ fileCount: number }>('GET', `/api/v1/questionnaires/${questionnaireId}/files/stats`))
        .fileCount;
    },
    async setOrigins(questionnaireId: string, allowedOrigins: string[]) {
      await ok('PATCH', `/api/v1/questionnaires/${questionnaireId}`, { allowedOrigins });
    },
  };
}
export type Api = ReturnType<typeof apiOf>;
