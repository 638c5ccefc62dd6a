import type { Definition } from '@forms-engine/schema';
import { useId, useRef, useState } from 'react';
import { languageName } from '../../definition-words/index.ts';
import { downloadFile } from '../../ui/index.ts';
import { slugOf } from './slug.ts';
import {
  FileProblem,
  importTranslations,
  parseTranslationFile,
  reportInWords,
  toCsv,
  toXliff,
} from './translation-files.ts';
import { defaultLanguageOf } from './translations.ts';

/** A file's text (UTF-8), through FileReader, which every browser and jsdom have. */
const textOf = (file: Blob) =>
  new Promise<string>((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(String(reader.result ?? ''));
    reader.onerror = () => reject(reader.error);
    reader.readAsText(file);
  });

type Apply = (change: (definition: Definition) => Definition, key?: string) => void;

/** Export a language's texts for a translator (XLIFF 2.0 or CSV) and import the translated file back. */
export function TranslationFilesPanel({
  definition,
  language,
  name,
  apply,
}: {
  definition: Definition;
  language: string;
  /** The questionnaire's name, for the files' names. */
  name: string;
  apply: Apply;
}) {
  const id = useId();
  const [report, setReport] = useState<{ lines: string[]; refused: boolean }>();
  const base = `${slugOf(name).replaceAll('_', '-') || 'questionnaire'}-${language}`;
  const latest = useRef(definition);
  latest.current = definition;
  const languageWords = languageName(language);

  const importFile = async (file: File) => {
    try {
      const parsed = parseTranslationFile(await textOf(file));
      const { report: result } = importTranslations(latest.current, language, parsed);
      // Applied to the draft as it is then, so an edit made meanwhile is never overwritten.
      if (!result.wrongLanguage) apply((current) => importTranslations(current, language, parsed).definition);
      setReport({
        lines: reportInWords(result, defaultLanguageOf(latest.current)),
        refused: Boolean(result.wrongLanguage),
      });
    } catch (error) {
      setReport({
        lines: [error instanceof FileProblem ? error.message : 'This file could not be read: nothing was imported.'],
        refused: true,
      });
    }
  };

  return (
    <div className="translation-files">
      <h3>For a translator</h3>
      <p className="muted hint">
        Export the {languageWords} texts, have them translated in a translation tool (XLIFF) or a spreadsheet (CSV), and
        import the file back. Importing changes only {languageWords} translations.
      </p>
      <div className="actions">
        <button
          type="button"
          onClick={() => downloadFile(`${base}.xlf`, toXliff(definition, language), 'application/xliff+xml')}
        >
          Export XLIFF 2.0
        </button>
        <button type="button" onClick={() => downloadFile(`${base}.csv`, toCsv(definition, language), 'text/csv')}>
          Export CSV
        </button>
      </div>
      <div className="field">
        <label htmlFor={id}>Import a translated file (XLIFF 2.0 or CSV)</label>
        <input
          id={id}
          type="file"
          accept=".xlf,.xliff,.xml,.csv,application/xliff+xml,text/csv"
          onChange={(event) => {
            const input = event.currentTarget;
            const file = input.files?.[0];
            if (file) void importFile(file).finally(() => (input.value = ''));
          }}
        />
      </div>
      <div
        role="status"
        className={report ? (report.refused ? 'notice import-report refused' : 'notice import-report') : undefined}
      >
        {report && (
          <ul>
            {report.lines.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
}
