import { ROLES, roleAllows as schemaRoleAllows } from '@forms-engine/schema';
import { expect, it } from 'vitest';
import { roleAllows } from './session.ts';

it('orders roles as the schema does', () => {
  for (const role of ROLES) {
    for (const needed of ROLES) expect(roleAllows(role, needed)).toBe(schemaRoleAllows(role, needed));
  }
});
