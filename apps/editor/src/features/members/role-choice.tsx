import { ROLES, type Role } from '@forms-engine/schema';
import { ROLE_NAMES, ROLE_WORDS } from '../../ui/index.ts';

/** The roles as radio buttons, each with what it may do in words. */
export function RoleChoice<R extends Role>({
  name,
  value,
  onChange,
  roles = ROLES as readonly R[],
}: {
  name: string;
  value: R;
  onChange: (role: R) => void;
  roles?: readonly R[];
}) {
  return (
    <fieldset>
      <legend>Role</legend>
      {roles.map((role) => (
        <label key={role} className="choice">
          <input type="radio" name={name} checked={value === role} onChange={() => onChange(role)} />{' '}
          <strong>{ROLE_NAMES[role]}</strong>: {ROLE_WORDS[role]}
        </label>
      ))}
    </fieldset>
  );
}
