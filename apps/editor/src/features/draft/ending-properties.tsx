import type { Definition } from '@forms-engine/schema';
import { allQuestions, redirectUrlProblem } from '@forms-engine/schema';
import { plainText } from '@forms-engine/schema/text';
import { visibilityInWords } from '../../definition-words/index.ts';
import { RuleBuilder } from '../../rule-builder/rule-builder.tsx';
import { lookupOf } from '../../rule-builder/words.ts';
import { updateEnding } from './model.ts';
import { type DraftProblem, problemsAt } from './problems.ts';
import { RichTextHint } from './rich-text-hint.tsx';
import { type Recall, TextInput } from './text-input.tsx';

interface Props {
  definition: Definition;
  index: number;
  problems: readonly DraftProblem[];
  recall: Recall;
  onChange: (change: (definition: Definition) => Definition, key: string) => void;
}

/**
 * One ending: its title and text (recall tokens welcome), the address the respondent may be sent
 * to afterwards, and when it is the one shown (the first ending whose rule holds wins).
 */
export function EndingProperties({ definition, index, problems, recall, onChange }: Props) {
  const errors = (path: string) => problemsAt(problems, path).map((problem) => problem.message);
  const endings = definition.endings ?? [];
  const ending = endings[index];
  if (!ending) return null;
  const path = `endings.${index}`;
  const set = (change: Parameters<typeof updateEnding>[2], key: string) =>
    onChange((d) => updateEnding(d, index, change), `${path}.${key}`);
  const typedUrl = ending.redirectUrl ?? '';
  // Said as the builder types, before the save's check says it too.
  const urlProblem = typedUrl ? redirectUrlProblem(typedUrl) : undefined;
  const urlErrors = errors(`${path}.redirectUrl`);
  return (
    <section className="panel properties" aria-labelledby="properties-title">
      <h2 id="properties-title" tabIndex={-1}>
        Ending properties
      </h2>
      <p className="muted hint">
        After the last step, respondents see the first ending whose rule holds
        {endings.length > 1 ? ` (this is ending ${index + 1} of ${endings.length})` : ''}; when none holds, a plain
        “Thank you”.
      </p>
      <TextInput
        id="ending-title"
        label="Ending title"
        value={ending.title}
        errors={errors(`${path}.title`)}
        recall={recall}
        onChange={(title) => set({ title }, 'title')}
      />
      <TextInput
        id="ending-body"
        label="Ending text"
        value={ending.body}
        errors={errors(`${path}.body`)}
        multiline
        hint={<RichTextHint id="ending-body-hint" />}
        recall={recall}
        onChange={(body) => set({ body }, 'body')}
      />
      <TextInput
        id="ending-redirect"
        label="Redirect address (optional)"
        value={typedUrl}
        errors={urlErrors.length > 0 ? urlErrors : urlProblem ? [urlProblem] : []}
        hint={
          <p id="ending-redirect-hint" className="muted hint">
            Where to send the respondent after this ending, such as https://example.org/book. Recalled answers are put
            in safely. The page that embeds the questionnaire must allow redirects; otherwise the ending shows a link to
            it.
          </p>
        }
        recall={recall}
        onChange={(redirectUrl) => set({ redirectUrl }, 'redirectUrl')}
      />
      <RuleBuilder
        label="Visibility"
        config={ending.visibility}
        questions={allQuestions(definition)}
        hiddenFields={definition.hiddenFields}
        path={`${path}.visibility`}
        fieldErrors={errors}
        onChange={(visibility, key) => set({ visibility }, key)}
      />
      <section className="ending-preview" aria-labelledby="ending-preview-title">
        <h3 id="ending-preview-title">As respondents see it</h3>
        <p className="muted">
          {visibilityInWords(ending.visibility, lookupOf(allQuestions(definition), definition.hiddenFields))}.
        </p>
        <div className="ending-screen">
          <p className="ending-screen-title">
            <strong>{plainText(ending.title) || 'Untitled ending'}</strong>
          </p>
          {ending.body && <p className="ending-screen-body">{plainText(ending.body)}</p>}
          {typedUrl && !urlProblem && <p className="muted">Then goes to {typedUrl}</p>}
        </div>
      </section>
    </section>
  );
}
