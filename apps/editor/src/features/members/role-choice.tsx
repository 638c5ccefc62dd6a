import { ROLES, type Role } from '@forms-engine/schema';
import { ROLE_NAMES, ROLE_WORDS } from '../../ui/index.ts';

/** The roles as radio buttons, each with what it may do in words. */
export function RoleChoice({ name, value, onChange }: { name: string; value: Role; onChange: (role: Role) => void }) {
  return (
    <fieldset>
      <legend>Role</legend>
      {ROLES.map((role) => (
        <label key={role} className="choice">
          <input type="radio" name={name} checked={value === role} onChange={() => onChange(role)} />{' '}
          <strong>{ROLE_NAMES[role]}</strong>: {ROLE_WORDS[role]}
        </label>
      ))}
    </fieldset>
  );
}
