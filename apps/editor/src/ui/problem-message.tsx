import type { Problem } from '@forms-engine/schema';
import { problemOf } from '../data/problem.ts';

/** An API error as a person reads it: the server's detail, its code, and the fields it names. */
export function ProblemMessage({ error, problem }: { error?: unknown; problem?: Problem }) {
  const shown = problem ?? (error ? problemOf(error) : undefined);
  if (!shown) return null;
  return (
    <div role="alert" className="problem">
      <p>
        {shown.detail || shown.title} <code>{shown.code}</code>
      </p>
      {shown.errors && shown.errors.length > 0 && (
        <ul>
          {shown.errors.map((field) => (
            <li key={`${field.path}:${field.message}`}>
              {field.path ? <code>{field.path}</code> : null} {field.message}
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
