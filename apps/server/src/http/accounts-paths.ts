import { MANAGEMENT_API } from './api-prefixes.ts';

/** The REST paths and tRPC routers that exist only with AUTH_MODE=accounts (issue 26). */
const ACCOUNTS_SECTIONS = ['auth', 'members', 'api-keys', 'audit'];
const ACCOUNTS_ROUTERS = ['auth', 'members', 'apiKeys', 'audit'];

/** `/api/v1/members/x` is an accounts path; `/api/v1/questionnaires` is not. */
export function isAccountsPath(path: string): boolean {
  if (!path.toLowerCase().startsWith(`${MANAGEMENT_API}/`)) return false;
  const section =
    path
      .slice(MANAGEMENT_API.length + 1)
      .split('/')[0]
      ?.toLowerCase() ?? '';
  return ACCOUNTS_SECTIONS.includes(section);
}

/** The sign-in paths reachable without credentials (everything under `/api/v1/auth/`). */
export function isAuthPath(path: string): boolean {
  return path.toLowerCase().startsWith(`${MANAGEMENT_API}/auth/`);
}

/** The procedures a `/trpc` path names (`/auth.me,questionnaires.list`). */
export function trpcProcedures(path: string): string[] {
  return decodeURIComponent(path.replace(/^\/+/, '')).split(',').filter(Boolean);
}

/** A tRPC procedure of the accounts routers (`auth.me`, `apiKeys.create`). */
export const isAccountsProcedure = (name: string) => ACCOUNTS_ROUTERS.includes(name.split('.')[0] ?? '');

/** A tRPC procedure reachable without credentials. */
export const isAuthProcedure = (name: string) => name.startsWith('auth.');
