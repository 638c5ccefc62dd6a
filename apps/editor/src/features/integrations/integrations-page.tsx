import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useQuestionnaireId } from '../../data/questionnaire-id.ts';
import { useTRPC } from '../../data/trpc.ts';
import { ProblemMessage } from '../../ui/index.ts';
import { SecretNotice } from './secret-notice.tsx';
import { WebhookCard } from './webhook-card.tsx';
import { WebhookForm } from './webhook-form.tsx';

/** Webhooks of one questionnaire: add one, copy its secret once, test, follow and redeliver. */
export function IntegrationsPage() {
  const id = useQuestionnaireId();
  const trpc = useTRPC();
  const webhooks = useQuery(trpc.webhooks.list.queryOptions({ id }));
  const [secret, setSecret] = useState<{ secret: string; name: string }>();
  return (
    <section aria-labelledby="integrations-title">
      <h2 id="integrations-title">Integrations</h2>
      <p className="muted">
        Webhooks tell your own server what happens here, as it happens: each event is sent as a signed HTTP request
        (Standard Webhooks) and retried for about three days until your server answers with a 2xx status.
      </p>
      {secret && <SecretNotice key={secret.secret} {...secret} onDone={() => setSecret(undefined)} />}
      <ProblemMessage error={webhooks.error} />
      {webhooks.isPending ? (
        <p>Loading…</p>
      ) : webhooks.data?.length === 0 ? (
        <p>No webhooks yet.</p>
      ) : (
        webhooks.data?.map((webhook) => (
          <WebhookCard
            key={webhook.id}
            questionnaireId={id}
            webhook={webhook}
            onSecret={(value) => setSecret({ secret: value, name: webhook.description || webhook.url })}
          />
        ))
      )}
      <WebhookForm
        questionnaireId={id}
        onCreated={(created) => setSecret({ secret: created.secret, name: created.description || created.url })}
      />
    </section>
  );
}
