import {
  type CreatedWebhook,
  WEBHOOK_EVENT_TYPES,
  type WebhookEventType,
  webhookUrlProblem,
} from '@forms-engine/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { fieldErrors, problemOf } from '../../data/problem.ts';
import { useTRPC } from '../../data/trpc.ts';
import { ProblemMessage } from '../../ui/index.ts';
import { EVENT_LABELS } from './labels.ts';

/** Adds a webhook: its address, its events and a note; hands the new secret to `onCreated`. */
export function WebhookForm({
  questionnaireId,
  onCreated,
}: {
  questionnaireId: string;
  onCreated: (created: CreatedWebhook) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<WebhookEventType[]>(['response.completed']);
  const [description, setDescription] = useState('');
  const [touched, setTouched] = useState(false);
  const ids = { url: useId(), urlError: useId(), description: useId(), eventsError: useId() };
  const create = useMutation(
    trpc.webhooks.create.mutationOptions({
      onSuccess: async (created) => {
        setUrl('');
        setDescription('');
        setTouched(false);
        onCreated(created);
        await queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey({ id: questionnaireId }) });
      },
    }),
  );
  const problem = create.error ? problemOf(create.error) : undefined;
  const localUrlError = touched && url.trim() ? webhookUrlProblem(url.trim()) : undefined;
  const urlErrors = localUrlError ? [localUrlError] : fieldErrors(problem, 'url');
  const eventsError = events.length === 0 ? 'Choose at least one event' : undefined;
  const otherProblem = problem && fieldErrors(problem, 'url').length === 0 ? problem : undefined;

  return (
    <form
      aria-labelledby={`${ids.url}-title`}
      onSubmit={(event) => {
        event.preventDefault();
        setTouched(true);
        if (!url.trim() || webhookUrlProblem(url.trim()) || eventsError) return;
        create.mutate({
          id: questionnaireId,
          url: url.trim(),
          events,
          ...(description.trim() && { description: description.trim() }),
        });
      }}
    >
      <h3 id={`${ids.url}-title`}>Add a webhook</h3>
      <div className="field">
        <label htmlFor={ids.url}>Address that receives the events</label>
        <input
          id={ids.url}
          type="url"
          inputMode="url"
          placeholder="https://example.com/forms-webhook"
          value={url}
          required
          aria-invalid={urlErrors.length > 0 ? true : undefined}
          aria-describedby={urlErrors.length > 0 ? ids.urlError : undefined}
          onChange={(event) => setUrl(event.target.value)}
          onBlur={() => setTouched(true)}
        />
        {urlErrors.length > 0 && (
          <p id={ids.urlError} className="field-error">
            {urlErrors.join(' ')}
          </p>
        )}
      </div>
      <fieldset aria-describedby={eventsError ? ids.eventsError : undefined}>
        <legend>Send when</legend>
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <label key={type}>
            <input
              type="checkbox"
              checked={events.includes(type)}
              onChange={(event) =>
                setEvents(event.target.checked ? [...events, type] : events.filter((chosen) => chosen !== type))
              }
            />{' '}
            {EVENT_LABELS[type]}
          </label>
        ))}
        {eventsError && (
          <p id={ids.eventsError} className="field-error">
            {eventsError}
          </p>
        )}
      </fieldset>
      <div className="field">
        <label htmlFor={ids.description}>Note (optional)</label>
        <input
          id={ids.description}
          value={description}
          maxLength={500}
          placeholder="What this endpoint is for"
          onChange={(event) => setDescription(event.target.value)}
        />
      </div>
      <div className="actions">
        <button type="submit" className="primary" disabled={create.isPending}>
          Add webhook
        </button>
      </div>
      <ProblemMessage problem={otherProblem} />
    </form>
  );
}
