/**
 * The management token, when the server asks for one: kept in sessionStorage (gone with the
 * tab), sent as a bearer token by the tRPC client and by plain downloads.
 */
const KEY = 'forms-engine.management-token';

export const managementToken = {
  get(): string | null {
    try {
      return sessionStorage.getItem(KEY);
    } catch {
      return null;
    }
  },
  set(token: string): void {
    sessionStorage.setItem(KEY, token);
  },
  clear(): void {
    sessionStorage.removeItem(KEY);
  },
};
