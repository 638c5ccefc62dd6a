import { relative } from 'node:path';
import { cruise } from 'dependency-cruiser';

const CODE = /\.(m?[jt]sx?)$/;

/** One import between two files of the same source folder, paths relative to that folder. */
export interface Import {
  from: string;
  to: string;
  /** `import type`: erased at run time, but still an arrow between modules. */
  typeOnly: boolean;
}

export interface ImportGraph {
  files: string[];
  imports: Import[];
}

/**
 * The imports among the files of `root` (a folder relative to `cwd`), read by dependency-cruiser
 * with TypeScript's own parser, `import type` included. Imports that leave `root` (packages,
 * node modules) are left out: the layer and cycle checks are about one folder's own modules.
 */
export async function importGraph(root: string, cwd: string): Promise<ImportGraph> {
  const previous = process.cwd();
  process.chdir(cwd); // dependency-cruiser resolves from the working directory
  try {
    const { output } = await cruise(
      [root],
      {
        tsPreCompilationDeps: true,
        doNotFollow: { path: 'node_modules' },
        exclude: { path: '(^|/)(dist|generated)/' },
      },
      { extensions: ['.ts', '.tsx', '.mts', '.js', '.mjs'] },
    );
    if (typeof output === 'string') throw new Error('dependency-cruiser gave a report instead of a result');
    // Code only: a stylesheet or JSON file imported for its side effect is not a module arrow.
    const inside = (path: string) => !relative(root, path).startsWith('..') && CODE.test(path);
    const files = output.modules
      .filter((module) => inside(module.source))
      .map((module) => relative(root, module.source));
    const imports = output.modules.flatMap((module) =>
      inside(module.source)
        ? module.dependencies
            .filter(
              (dependency) => inside(dependency.resolved) && !dependency.coreModule && !dependency.couldNotResolve,
            )
            .map((dependency) => ({
              from: relative(root, module.source),
              to: relative(root, dependency.resolved),
              typeOnly: dependency.dependencyTypes.includes('type-only'),
            }))
        : [],
    );
    return { files: files.sort(), imports };
  } finally {
    process.chdir(previous);
  }
}

/** Every cycle of imports, each as the files around it (the first repeated at the end). */
export function importCycles(graph: ImportGraph): string[][] {
  const next = new Map<string, string[]>();
  for (const { from, to } of graph.imports) next.set(from, [...(next.get(from) ?? []), to]);
  const cycles: string[][] = [];
  const done = new Set<string>();
  const onPath: string[] = [];
  const visit = (file: string) => {
    const at = onPath.indexOf(file);
    if (at >= 0) {
      cycles.push([...onPath.slice(at), file]);
      return;
    }
    if (done.has(file)) return;
    onPath.push(file);
    for (const target of next.get(file) ?? []) visit(target);
    onPath.pop();
    done.add(file);
  };
  for (const file of graph.files) visit(file);
  return cycles;
}
