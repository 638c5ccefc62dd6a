import { gzipSync } from 'node:zlib';
import { labelsFor } from '../src/labels-entry';

/**
 * What a page with the script tag loads first besides the script: the live document, for a
 * questionnaire in one language and for the same one in English and German (its German texts,
 * and the embed's German words, travel in the document, never in the script).
 */
const question = (id: string, type: string, prompt: string, typeConfig: object = {}) => ({
  id,
  code: id,
  type,
  prompt,
  typeConfig,
});
const definition = {
  schemaVersion: 1,
  steps: [
    {
      id: 's1',
      title: 'About you',
      questions: [
        question('name', 'SHORT_TEXT', 'Your name'),
        question('email', 'EMAIL', 'Email address'),
        question('plan', 'SINGLE_CHOICE', 'Which plan?', {
          choices: [
            { value: 'free', label: 'Free' },
            { value: 'pro', label: 'Professional' },
          ],
        }),
      ],
    },
    { id: 's2', title: 'Your visit', questions: [question('score', 'RATING', 'How was it?')] },
  ],
};
const german = {
  s1: { title: 'Über Sie' },
  name: { prompt: 'Ihr Name' },
  email: { prompt: 'E-Mail-Adresse' },
  plan: { prompt: 'Welcher Tarif?', typeConfig: { choices: { free: 'Kostenlos', pro: 'Profi' } } },
  s2: { title: 'Ihr Besuch' },
  score: { prompt: 'Wie war es?' },
};
const live = (definition: object, labels: object) =>
  JSON.stringify({
    publicId: 'AbCdEfGhIjKl',
    name: 'Visit',
    versionNumber: 1,
    definition,
    submissionPolicy: 'MULTIPLE',
    labels,
    availability: { status: 'OPEN', opensAt: null, closesAt: null },
  });

/** The live document's gzip size (level 9), in one language and in two. */
export function liveDocumentSizes() {
  const gzip = (text: string) => gzipSync(text, { level: 9 }).length;
  return {
    oneLanguage: gzip(live(definition, {})),
    twoLanguages: gzip(live({ ...definition, translations: { de: german } }, { de: labelsFor('de') })),
  };
}
