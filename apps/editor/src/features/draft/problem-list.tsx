import type { DraftProblem } from './problems.ts';

/** Every problem of the draft in one place, each a link to its field. */
export function ProblemList({
  problems,
  onGo,
}: {
  problems: readonly DraftProblem[];
  onGo: (problem: DraftProblem) => void;
}) {
  if (problems.length === 0) return null;
  return (
    <section className="problem-list" aria-labelledby="problem-list-title">
      <h2 id="problem-list-title">
        {problems.length === 1 ? 'One thing to fix' : `${problems.length} things to fix`} before this draft can be saved
      </h2>
      <ul>
        {problems.map((problem) => (
          <li key={problem.path}>
            <a
              href={`#${problem.fieldId ?? 'properties-title'}`}
              onClick={(event) => {
                event.preventDefault();
                onGo(problem);
              }}
            >
              {problem.where}
            </a>
            : {problem.message}
          </li>
        ))}
      </ul>
    </section>
  );
}
