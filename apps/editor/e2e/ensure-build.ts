import { execFileSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const EDITOR = fileURLToPath(new URL('..', import.meta.url));
const EMBED = fileURLToPath(new URL('../../../packages/embed-client/', import.meta.url));
/** What the editor's bundle is made of: its sources, config, and the rule engine and renderer it previews with. */
const INPUTS = [
  'src',
  'index.html',
  'vite.config.ts',
  'public',
  'package.json',
  '../../packages/schema/src',
  '../../packages/embed-client/src',
];

function newest(path: string): number {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let time = 0;
  for (const name of readdirSync(path)) time = Math.max(time, newest(join(path, name)));
  return time;
}

/**
 * The browser tests drive what the server serves, so before they run: the embed's script-tag
 * bundle (embed-client dist, served at /embed/v1/embed.js) and the editor's dist/, each built
 * when missing or older than its sources. Under turbo `^build` has usually done the first.
 */
export default async function ensureBuild(): Promise<void> {
  const { default: ensureEmbed } = (await import(pathToFileURL(join(EMBED, 'test', 'ensure-build.ts')).href)) as {
    default: () => void;
  };
  ensureEmbed();
  const index = join(EDITOR, 'dist', 'index.html');
  const sources = Math.max(...INPUTS.map((input) => newest(join(EDITOR, input))));
  if (existsSync(index) && statSync(index).mtimeMs >= sources) return;
  execFileSync(
    process.execPath,
    [join(EDITOR, 'node_modules', 'vite', 'bin', 'vite.js'), 'build', '--logLevel', 'warn'],
    {
      cwd: EDITOR,
      stdio: 'inherit',
      // Vitest runs with NODE_ENV=test; inherited, it would make Vite bundle React's development build.
      env: { ...process.env, NODE_ENV: 'production' },
    },
  );
}
