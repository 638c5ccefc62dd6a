import type { Role } from '@forms-engine/schema';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { useCan, useSession } from '../data/session.ts';
import { ROLE_NAMES, ROLE_WORDS } from './account-words.ts';

/**
 * A screen only some roles may use: anyone else reads why, in words, instead of a screen whose
 * every button the server would refuse. `accountsOnly` screens (members, keys, the audit log)
 * exist only when the server runs with accounts.
 */
export function RoleGate({
  needs,
  accountsOnly = false,
  children,
}: {
  needs: Role;
  accountsOnly?: boolean;
  children: ReactNode;
}) {
  const session = useSession();
  const allowed = useCan(needs);
  if (accountsOnly && session.mode === 'open') {
    return (
      <>
        <h1>Not available on this server</h1>
        <p>This server runs without accounts, so there are no members, API keys or audit log to show.</p>
        <p>
          <Link to="/">Back to the questionnaires</Link>
        </p>
      </>
    );
  }
  if (allowed || session.mode === 'open') return children;
  const role = session.me.role;
  // The team's screens stand alone under the header; a questionnaire's tab sits under its name (h1).
  const Heading = accountsOnly ? 'h1' : 'h2';
  return (
    <>
      <Heading>Not available to your role</Heading>
      <p>
        Your role is {ROLE_NAMES[role]} ({ROLE_WORDS[role]}). This screen is for{' '}
        {needs === 'OWNER' ? 'owners' : 'editors and owners'}; ask an owner if you need it.
      </p>
      <p>
        <Link to="/">Back to the questionnaires</Link>
      </p>
    </>
  );
}
