import type { Problem } from '@forms-engine/schema';
import { useEffect } from 'react';
import { problemOf } from '../data/problem.ts';

/**
 * An API error as a person reads it: the server's sentence and its field messages. The code,
 * the status and the field paths go to the developer console, never to the screen.
 */
export function ProblemMessage({ error, problem }: { error?: unknown; problem?: Problem }) {
  const shown = problem ?? (error ? problemOf(error) : undefined);
  useEffect(() => {
    if (shown) console.info('Forms Engine API problem', shown);
  }, [shown]);
  if (!shown) return null;
  const messages = [
    ...new Set((shown.errors ?? []).map((field) => field.message.replace(/\s*\(first used at [^)]*\)/g, ''))),
  ];
  return (
    <div role="alert" className="problem">
      <p>
        {shown.status === 0
          ? 'The server cannot be reached. Check the connection and try again.'
          : shown.detail || shown.title}
      </p>
      {messages.length > 0 && (
        <ul>
          {messages.map((message) => (
            <li key={message}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
