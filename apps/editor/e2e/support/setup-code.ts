/**
 * The message apps/server/src/main.ts logs (pino, one JSON object a line, the words under `msg`)
 * while the deployment has no account: "No account yet: open the editor and enter the setup code
 * ABCD-EFGH-JKMN-PQRS to create the first owner" (services/accounts/setup.ts makes the code: four
 * groups of four from A-Z and 2-9 without I, L, O).
 */
const SETUP_MESSAGE =
  /^No account yet: open the editor and enter the setup code ([A-HJKMNP-Z2-9]{4}(?:-[A-HJKMNP-Z2-9]{4}){3}) to create the first owner$/;

/** The setup code from the server's output lines; throws, saying what it looked for, when no line has it. */
export function setupCodeFrom(lines: readonly string[]): string {
  for (const line of lines) {
    let message: unknown;
    try {
      message = (JSON.parse(line) as { msg?: unknown }).msg;
    } catch {
      continue;
    }
    const code = typeof message === 'string' ? SETUP_MESSAGE.exec(message)?.[1] : undefined;
    if (code) return code;
  }
  throw new Error(
    `No setup code in the server's ${lines.length} lines of output: looked for a JSON line whose msg is ` +
      '"No account yet: open the editor and enter the setup code XXXX-XXXX-XXXX-XXXX to create the first owner" ' +
      '(AUTH_MODE=accounts, no member yet, LOG_LEVEL warn or lower)',
  );
}
