/** `pnpm bench`: the JavaScript each editor screen loads first, gzipped; exits 1 when the list is over its budget. */
import { BUDGET_KB, kb, measureScreen, readManifest, SCREENS, type ScreenName } from './route-size.ts';

const manifest = readManifest();
let over = false;
for (const screen of Object.keys(SCREENS) as ScreenName[]) {
  const size = measureScreen(screen, undefined, manifest);
  const budget = screen in BUDGET_KB ? BUDGET_KB[screen as keyof typeof BUDGET_KB] : undefined;
  const fits = budget === undefined || size.gzip <= budget * 1024;
  over ||= !fits;
  console.log(
    `editor ${screen.padEnd(9)} ${kb(size.minified).padStart(9)} minified  ${kb(size.gzip).padStart(8)} gzip  ${
      budget === undefined ? '' : `(budget ${budget} KB) ${fits ? 'ok' : 'OVER BUDGET'}`
    }`.trimEnd(),
  );
}
process.exitCode = over ? 1 : 0;
