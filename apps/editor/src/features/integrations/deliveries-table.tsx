import type { WebhookDelivery } from '@forms-engine/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useId, useState } from 'react';
import { useTRPC } from '../../data/trpc.ts';
import { dateTime } from '../../ui/format.ts';
import { ProblemMessage } from '../../ui/index.ts';
import { deliveryState, EVENT_LABELS } from './labels.ts';

const PAGE_SIZE = 20;
/** A receiver's answer can be 2 KB; the table shows its start. */
const shorten = (text: string) => (text.length > 240 ? `${text.slice(0, 240)}…` : text);
/** While a delivery is on its way, the log refreshes this often. */
const REFRESH_MS = 1500;

/** The webhook's delivery log, newest first: what was sent, how it went, and redeliver. */
export function DeliveriesTable({
  questionnaireId,
  webhookId,
  enabled,
}: {
  questionnaireId: string;
  webhookId: string;
  enabled: boolean;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const titleId = useId();
  const [page, setPage] = useState(0);
  const deliveries = useQuery({
    ...trpc.webhooks.deliveries.queryOptions({ id: questionnaireId, webhookId, page, size: PAGE_SIZE }),
    refetchInterval: (query) =>
      query.state.data?.items.some((item: WebhookDelivery) => item.status === 'PENDING') ? REFRESH_MS : false,
  });
  const redeliver = useMutation(
    trpc.webhooks.redeliver.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey() }),
    }),
  );
  const items = deliveries.data?.items ?? [];
  const total = deliveries.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <section aria-labelledby={titleId}>
      <h4 id={titleId}>Deliveries</h4>
      <ProblemMessage error={deliveries.error} />
      <ProblemMessage error={redeliver.error} />
      {deliveries.isPending ? (
        <p>Loading…</p>
      ) : items.length === 0 ? (
        <p className="muted">Nothing sent yet. Send a test to check the address.</p>
      ) : (
        <table aria-labelledby={titleId}>
          <thead>
            <tr>
              <th scope="col">Event</th>
              <th scope="col">Status</th>
              <th scope="col">Attempts</th>
              <th scope="col">Last answer</th>
              <th scope="col">Last attempt</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {items.map((item) => (
              <tr key={item.id}>
                <td>{EVENT_LABELS[item.eventType]}</td>
                <td>
                  {deliveryState(item)}
                  {item.nextAttemptAt && item.attempts > 0 && (
                    <span className="muted"> at {dateTime(item.nextAttemptAt)}</span>
                  )}
                </td>
                <td>{item.attempts}</td>
                <td>
                  {item.lastStatusCode !== undefined && <>HTTP {item.lastStatusCode}</>}
                  {item.lastError && <span className="delivery-error">{shorten(item.lastError)}</span>}
                  {item.lastStatusCode === undefined && !item.lastError && '—'}
                </td>
                <td>{dateTime(item.lastAttemptAt ?? item.createdAt)}</td>
                <td>
                  <button
                    type="button"
                    disabled={!enabled || redeliver.isPending}
                    title={enabled ? undefined : 'Enable the webhook to send again'}
                    aria-label={`Redeliver the ${EVENT_LABELS[item.eventType].toLowerCase()} event from ${dateTime(item.createdAt)}`}
                    onClick={() => redeliver.mutate({ id: questionnaireId, webhookId, deliveryId: item.id })}
                  >
                    Redeliver
                  </button>
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 && (
        <nav className="actions" aria-label="Delivery pages">
          <button type="button" disabled={page === 0} onClick={() => setPage(page - 1)}>
            Newer
          </button>
          <span>
            Page {page + 1} of {pages}
          </span>
          <button type="button" disabled={page + 1 >= pages} onClick={() => setPage(page + 1)}>
            Older
          </button>
        </nav>
      )}
    </section>
  );
}
