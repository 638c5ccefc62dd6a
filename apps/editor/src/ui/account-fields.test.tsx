import type { Problem } from '@forms-engine/schema';
import { cleanup, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it } from 'vitest';
import { AccountFields, type AccountValues, accountFieldsShow, passwordReady } from './account-fields.tsx';

afterEach(cleanup);

function Harness({ checked = false, problem }: { checked?: boolean; problem?: Problem }) {
  const [values, setValues] = useState<AccountValues>({ name: '', password: '' });
  return <AccountFields values={values} onChange={setValues} checked={checked} problem={problem} />;
}

/** The words and attributes a person and a password manager meet, for one field. */
function fieldFacts(label: string) {
  const input = screen.getByLabelText(label) as HTMLInputElement;
  const described = (input.getAttribute('aria-describedby') ?? '')
    .split(' ')
    .filter(Boolean)
    .map((id) => document.getElementById(id)?.textContent);
  return {
    type: input.type,
    autoComplete: input.getAttribute('autocomplete'),
    required: input.required,
    invalid: input.getAttribute('aria-invalid'),
    described,
  };
}

const problem = (errors: { path: string; message: string }[]): Problem => ({
  type: 'about:blank',
  title: 'Bad request',
  status: 400,
  code: 'VALIDATION_FAILED',
  detail: 'The request has problems',
  errors,
});

describe('the name and password of a new account', () => {
  it('asks for them with their hints, the password’s rule and what a password manager needs', () => {
    render(<Harness />);
    expect(fieldFacts('Your name')).toEqual({
      type: 'text',
      autoComplete: 'name',
      required: true,
      invalid: null,
      described: ['Others see it beside what you do.'],
    });
    expect(fieldFacts('Password')).toEqual({
      type: 'password',
      autoComplete: 'new-password',
      required: true,
      invalid: null,
      described: ['At least 12 characters. A few words you will remember make a good one.'],
    });
  });

  it('says what is wrong with the password next to it once the form was sent, not while typing', async () => {
    const user = userEvent.setup();
    const { rerender } = render(<Harness />);
    await user.type(screen.getByLabelText('Password'), 'too short');
    expect(fieldFacts('Password').invalid).toBeNull();
    rerender(<Harness checked />);
    expect(fieldFacts('Password')).toMatchObject({
      invalid: 'true',
      described: [
        'At least 12 characters. A few words you will remember make a good one.',
        'Use at least 12 characters',
      ],
    });
    expect(passwordReady('too short')).toBe(false);
    expect(passwordReady('correct horse battery')).toBe(true);
  });

  it('shows the server’s messages about either field next to it, and says it did', () => {
    const refused = problem([{ path: 'name', message: 'Enter your name' }]);
    render(<Harness checked problem={refused} />);
    expect(fieldFacts('Your name')).toMatchObject({
      invalid: 'true',
      described: ['Others see it beside what you do.', 'Enter your name'],
    });
    expect(accountFieldsShow(refused)).toBe(true);
    expect(accountFieldsShow(problem([{ path: 'email', message: 'Enter an email' }]))).toBe(false);
    expect(accountFieldsShow(undefined)).toBe(false);
  });
});
