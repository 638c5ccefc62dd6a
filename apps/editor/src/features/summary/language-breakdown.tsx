import type { SummaryLanguage } from '@forms-engine/schema';
import { recordedLanguage } from '../../results/filter-fields.tsx';
import { numberWords, percentWords } from './summary-words.ts';

/**
 * Responses by the language they were answered in, with how many of them were completed: shown
 * when the questionnaire has (or had) more than one language, so a team sees at a glance which
 * audience answers and which gives up. The server counts them within every filter but the language,
 * so a share is of their own sum (with `?language=de` the headline figures count German alone).
 */
export function LanguageBreakdown({ languages }: { languages: SummaryLanguage[] }) {
  if (languages.length < 2) return null;
  const responses = languages.reduce((sum, row) => sum + row.responses, 0);
  return (
    <section aria-labelledby="languages-title">
      <h3 id="languages-title">Languages</h3>
      <table className="bar-table" aria-labelledby="languages-title">
        <thead>
          <tr>
            <th scope="col">Language</th>
            <th scope="col">Responses</th>
            <th scope="col">Share</th>
            <th scope="col">Completed</th>
          </tr>
        </thead>
        <tbody>
          {languages.map((row) => (
            <tr key={row.language}>
              <th scope="row">{recordedLanguage(row.language)}</th>
              <td className="bar-number">{numberWords(row.responses)}</td>
              <td className="bar-number">{percentWords(row.responses, responses)}</td>
              <td className="bar-number">{numberWords(row.completed)}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </section>
  );
}
