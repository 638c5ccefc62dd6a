import { useParams } from 'react-router';

/** The id of the questionnaire in the URL; every screen under /questionnaires/:id has it. */
export function useQuestionnaireId(): string {
  const { questionnaireId } = useParams();
  if (!questionnaireId) throw new Error('No questionnaire in the URL');
  return questionnaireId;
}
