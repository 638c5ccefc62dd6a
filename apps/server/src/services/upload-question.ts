import type { Response as ResponseRow } from '@forms-engine/db';
import { allQuestions, type Definition } from '@forms-engine/schema';
import { AppError, validationFailed } from '../errors/app-error.ts';
import type { Deps } from './deps.ts';

/** Accepted content types of a FILE_UPLOAD question; empty accepts anything. */
export type AcceptedTypes = readonly string[];

/**
 * The FILE_UPLOAD question an upload is for, looked up in the response's pinned version
 * (spec §3 rule 2: uploading uses the pinned definition, whatever was published since).
 */
export async function uploadQuestion(
  deps: Deps,
  response: Pick<ResponseRow, 'questionnaireId' | 'versionNumber'>,
  questionCode: string,
): Promise<{ acceptedContentTypes: AcceptedTypes }> {
  const version = await deps.prisma.questionnaireVersion.findUniqueOrThrow({
    where: {
      questionnaireId_versionNumber: {
        questionnaireId: response.questionnaireId,
        versionNumber: response.versionNumber,
      },
    },
    select: { definition: true },
  });
  const question = allQuestions(version.definition as Definition).find((q) => q.code === questionCode);
  if (question?.type !== 'FILE_UPLOAD') {
    throw validationFailed(
      `Version ${response.versionNumber} has no FILE_UPLOAD question with code "${questionCode}"`,
      [{ path: 'questionCode', message: 'Must name a FILE_UPLOAD question of the pinned version' }],
    );
  }
  return { acceptedContentTypes: question.typeConfig.acceptedContentTypes ?? [] };
}

/** `image/png` matches `image/png` and `image/*`; an empty list accepts everything. */
export function isAccepted(contentType: string, accepted: AcceptedTypes): boolean {
  if (accepted.length === 0) return true;
  const [type] = contentType.split('/');
  return accepted.some((entry) => entry === contentType || entry === `${type}/*`);
}

export const notAccepted = (contentType: string, accepted: AcceptedTypes) =>
  new AppError('UNSUPPORTED_MEDIA_TYPE', `This question accepts ${accepted.join(', ')}; the file is ${contentType}`);
