import type { Webhook } from '@forms-engine/schema';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useId } from 'react';
import { useTRPC } from '../../data/trpc.ts';
import { ConfirmButton, ProblemMessage } from '../../ui/index.ts';
import { DeliveriesTable } from './deliveries-table.tsx';
import { EVENT_LABELS } from './labels.ts';

/** One webhook: where it sends, what, whether it is on; test, enable/disable, rotate, delete, its log. */
export function WebhookCard({
  questionnaireId,
  webhook,
  onSecret,
}: {
  questionnaireId: string;
  webhook: Webhook;
  onSecret: (secret: string) => void;
}) {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const titleId = useId();
  const ref = { id: questionnaireId, webhookId: webhook.id };
  const refreshList = () =>
    queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.queryKey({ id: questionnaireId }) });
  const refreshLog = () => queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.queryKey() });
  const test = useMutation(trpc.webhooks.test.mutationOptions({ onSuccess: refreshLog }));
  const patch = useMutation(trpc.webhooks.patch.mutationOptions({ onSuccess: refreshList }));
  const rotate = useMutation(
    trpc.webhooks.rotateSecret.mutationOptions({ onSuccess: ({ secret }) => onSecret(secret) }),
  );
  const remove = useMutation(trpc.webhooks.delete.mutationOptions({ onSuccess: refreshList }));
  const name = webhook.description || webhook.url;
  return (
    <article className="panel webhook" aria-labelledby={titleId}>
      <h3 id={titleId}>{name}</h3>
      {webhook.description && (
        <p>
          <code>{webhook.url}</code>
        </p>
      )}
      <p>
        {webhook.enabled ? <span className="badge on">On</span> : <span className="badge off">Off</span>} Sends when:{' '}
        {webhook.events.map((type) => EVENT_LABELS[type].toLowerCase()).join('; ')}.
      </p>
      {!webhook.enabled && (
        <p className="muted">
          Turned off: nothing is sent to it, and events that happen meanwhile are not kept for it.
        </p>
      )}
      {webhook.disabledReason && <p className="field-error">{webhook.disabledReason}</p>}
      <div className="actions">
        <button
          type="button"
          disabled={!webhook.enabled || test.isPending}
          title={webhook.enabled ? undefined : 'Enable the webhook to send a test'}
          aria-label={`Send test to ${name}`}
          onClick={() => test.mutate(ref)}
        >
          Send test
        </button>
        <button
          type="button"
          disabled={patch.isPending}
          aria-label={`${webhook.enabled ? 'Turn off' : 'Turn on'} ${name}`}
          onClick={() => {
            test.reset();
            patch.mutate({ ...ref, enabled: !webhook.enabled });
          }}
        >
          {webhook.enabled ? 'Turn off' : 'Turn on'}
        </button>
        <ConfirmButton
          label="Rotate secret"
          accessibleName={`Rotate secret of ${name}`}
          question="Make a new signing secret? For 24 hours requests are signed with both the new and the old secret, so you have a day to update your receiving server."
          confirmLabel="Make a new secret"
          disabled={rotate.isPending}
          onConfirm={() => rotate.mutate(ref)}
        />
        <ConfirmButton
          label="Delete"
          accessibleName={`Delete ${name}`}
          question="Delete this webhook and its delivery log? Nothing more is sent to it."
          confirmLabel="Delete webhook"
          className="danger"
          disabled={remove.isPending}
          onConfirm={() => remove.mutate(ref)}
        />
        {test.isSuccess && <span role="status">Test queued: see Deliveries below</span>}
      </div>
      <ProblemMessage error={test.error ?? patch.error ?? rotate.error ?? remove.error} />
      <DeliveriesTable questionnaireId={questionnaireId} webhookId={webhook.id} enabled={webhook.enabled} />
    </article>
  );
}
