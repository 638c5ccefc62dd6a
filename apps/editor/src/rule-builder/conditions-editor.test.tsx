import type { Question, Rule } from '@forms-engine/schema';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { question } from '../test/definitions.ts';
import { ConditionsEditor } from './conditions-editor.tsx';

afterEach(cleanup);

const grid = question('grid', {
  type: 'MATRIX',
  prompt: 'How satisfied are you?',
  typeConfig: {
    rows: [
      { value: 'speed', label: 'Speed' },
      { value: 'price', label: 'Price' },
    ],
    columns: [
      { value: 'bad', label: 'Bad' },
      { value: 'good', label: 'Good' },
    ],
    multiple: false,
    shuffle: 'NONE',
  },
} as never);
const source = question('source', {
  type: 'DROPDOWN',
  prompt: 'Where from?',
  typeConfig: { choices: [{ value: 'web', label: 'Web' }], allowOther: true },
} as never);
const nps = question('nps', { type: 'NPS', prompt: 'Recommend us?' });

function Editor({ seen, questions }: { seen: Rule[]; questions: Question[] }) {
  const [rule, setRule] = useState<Rule>({
    combinator: 'ALL',
    conditions: [{ source: 'ANSWER', questionCode: questions[0]?.code, operator: 'IS_NOT_EMPTY' }],
  });
  return (
    <ConditionsEditor
      idPrefix="visibility"
      label="Visibility"
      rule={rule}
      questions={questions}
      path="questions.3.visibility"
      fieldErrors={() => []}
      onChange={(next) => {
        seen.push(next);
        setRule(next);
      }}
    />
  );
}

const optionsOf = (label: string) =>
  [...(screen.getByLabelText(label) as HTMLSelectElement).options].map((option) => option.textContent);

describe('conditions on the new types', () => {
  it('reads a grid by its row, compares the row with a column, and reads the whole grid only as answered or not', async () => {
    const user = userEvent.setup();
    const seen: Rule[] = [];
    render(<Editor seen={seen} questions={[grid]} />);
    expect(optionsOf('Row')).toEqual(['The whole grid (answered or not)', 'Speed', 'Price']);
    expect(optionsOf('Operator')).toEqual(['is answered', 'is not answered']);
    await user.selectOptions(screen.getByLabelText('Row'), 'Speed');
    await user.selectOptions(screen.getByLabelText('Operator'), 'EQUALS');
    expect(optionsOf('Value')).toEqual(['Choose…', 'Bad', 'Good']);
    await user.selectOptions(screen.getByLabelText('Value'), 'good');
    expect(seen.at(-1)?.conditions[0]).toEqual({
      source: 'ANSWER',
      questionCode: 'grid',
      subField: 'speed',
      operator: 'EQUALS',
      value: 'good',
    });
  });

  it('offers “Other” of a choice question that allows it, chosen or not', async () => {
    const user = userEvent.setup();
    const seen: Rule[] = [];
    render(<Editor seen={seen} questions={[source]} />);
    await user.selectOptions(screen.getByLabelText('Which answer'), 'other');
    expect(optionsOf('Operator').slice(0, 2)).toEqual(['is chosen', 'is not chosen']);
    expect(seen.at(-1)?.conditions[0]).toMatchObject({ subField: 'other', operator: 'IS_NOT_EMPTY' });
  });

  it('compares an NPS answer with a score from 0 to 10', async () => {
    const user = userEvent.setup();
    const seen: Rule[] = [];
    render(<Editor seen={seen} questions={[nps]} />);
    await user.selectOptions(screen.getByLabelText('Operator'), 'GREATER_THAN_OR_EQUAL');
    expect(optionsOf('Value')).toEqual(['Choose…', ...Array.from({ length: 11 }, (_, n) => String(n))]);
    await user.selectOptions(screen.getByLabelText('Value'), '9');
    expect(seen.at(-1)?.conditions[0]).toMatchObject({ operator: 'GREATER_THAN_OR_EQUAL', value: 9 });
  });
});
