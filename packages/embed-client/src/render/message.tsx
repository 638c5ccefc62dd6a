import type { ComponentChildren } from 'preact';

/**
 * A screen that says one thing instead of the form: the ending, an error, a closed questionnaire.
 * Its heading takes focus after something the person did (see `useFocusManagement`). `status`: also a
 * live region, for a sentence that replaces the form while the person is on it.
 */
export function Message({
  heading,
  body,
  action,
  status,
  children,
}: {
  heading: string;
  body: ComponentChildren;
  action?: { label: string; run: () => void } | undefined;
  status?: boolean | undefined;
  children?: ComponentChildren;
}) {
  return (
    <section class="fe-message" role={status ? 'status' : undefined}>
      <h2 class="fe-heading" tabIndex={-1} data-focus="heading">
        {heading}
      </h2>
      {body ? <p>{body}</p> : null}
      {action ? (
        <button type="button" class="fe-button fe-button-primary" onClick={action.run}>
          {action.label}
        </button>
      ) : null}
      {children}
    </section>
  );
}
