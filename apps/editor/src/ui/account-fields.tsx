import { type Problem, passwordProblem } from '@forms-engine/schema';
import { fieldErrors } from '../data/problem.ts';
import { PASSWORD_RULE } from './password-rule.ts';
import { TextField } from './text-field.tsx';

// Like `password-rule.ts`, out of `ui/index.ts`: it loads the schema's runtime, which only the screens
// that set a password need.

export interface AccountValues {
  name: string;
  password: string;
}

/** Whether the password may be sent: the schema's own rule, checked before any request. */
export const passwordReady = (password: string): boolean => passwordProblem(password) === undefined;

/** Whether the server's problem names either field, so these fields say it and the form need not. */
export const accountFieldsShow = (problem: Problem | undefined): boolean =>
  fieldErrors(problem, 'name').length + fieldErrors(problem, 'password').length > 0;

/**
 * The name and password a person chooses for their account, on the first owner's setup screen and on
 * an invitation's: one set of labels, hints, autocomplete and messages for both.
 */
export function AccountFields({
  values,
  onChange,
  checked,
  problem,
}: {
  values: AccountValues;
  onChange: (values: AccountValues) => void;
  /** True once the form was sent: what is wrong with the password is then said next to it. */
  checked: boolean;
  /** The server's refusal, whose messages about `name` and `password` show under their fields. */
  problem: Problem | undefined;
}) {
  const localPassword = checked ? passwordProblem(values.password) : undefined;
  return (
    <>
      <TextField
        label="Your name"
        hint="Others see it beside what you do."
        autoComplete="name"
        required
        value={values.name}
        errors={fieldErrors(problem, 'name')}
        onChange={(name) => onChange({ ...values, name })}
      />
      <TextField
        label="Password"
        hint={PASSWORD_RULE}
        type="password"
        autoComplete="new-password"
        required
        value={values.password}
        errors={localPassword ? [localPassword] : fieldErrors(problem, 'password')}
        onChange={(password) => onChange({ ...values, password })}
      />
    </>
  );
}
