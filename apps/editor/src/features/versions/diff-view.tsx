import type { DefinitionDiff } from './diff.ts';
import { isEmptyDiff } from './diff.ts';

/** A diff in words, grouped: added, removed, changed (with fields), moved, and sections. */
export function DiffView({ diff }: { diff: DefinitionDiff }) {
  if (isEmptyDiff(diff)) return <p>No differences.</p>;
  const list = (title: string, items: string[]) =>
    items.length > 0 && (
      <section>
        <h3>{title}</h3>
        <ul>
          {items.map((item) => (
            <li key={item}>{item}</li>
          ))}
        </ul>
      </section>
    );
  return (
    <section aria-label="Differences">
      {list('Questions added', diff.added)}
      {list('Questions removed', diff.removed)}
      {list(
        'Questions changed',
        diff.changed.map((change) => `${change.code}: ${change.fields.join(', ')}`),
      )}
      {list(
        'Questions moved',
        diff.moved.map((move) => `${move.code}: ${move.from} → ${move.to}`),
      )}
      {list('Steps and tabs added', diff.sectionsAdded)}
      {list('Steps and tabs removed', diff.sectionsRemoved)}
      {list(
        'Steps and tabs renamed',
        diff.sectionsRenamed.map((rename) => `${rename.from} → ${rename.to}`),
      )}
    </section>
  );
}
