import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { useCan } from '../data/session.ts';
import { useTRPC } from '../data/trpc.ts';

/**
 * The responses screen before anyone has answered: how the first response comes (publish, then
 * embed), with a link to the embed code. Respondents only ever see a published version.
 */
export function NoResponsesYet({ id }: { id: string }) {
  const trpc = useTRPC();
  // Cached by the questionnaire's header; unknown only for a moment (then both steps are shown).
  const questionnaire = useQuery(trpc.questionnaires.get.queryOptions({ id }));
  const published = (questionnaire.data?.currentVersion ?? 0) > 0;
  // An analyst can neither publish nor open Settings: they read when answers come, not how to bring them.
  const canEdit = useCan('EDITOR');
  const embedLink = (
    <Link to="../settings#embed-title" relative="path">
      the embed code in Settings
    </Link>
  );
  return (
    <section className="panel" aria-labelledby="no-responses-title">
      <h3 id="no-responses-title">No responses yet</h3>
      {!canEdit ? (
        <p>
          {published
            ? `Version ${questionnaire.data?.currentVersion} is published: responses appear here as soon as people start answering.`
            : 'Not published yet: responses appear here once an editor publishes it and people start answering.'}
        </p>
      ) : published ? (
        <p>
          Version {questionnaire.data?.currentVersion} is published. Put it on your site with {embedLink}: responses
          appear here as soon as people start answering.
        </p>
      ) : (
        <>
          <p>People answer the published version, so two steps bring the first response:</p>
          <ol aria-label="How to get the first response">
            <li>Publish the questionnaire with the Publish button above.</li>
            <li>Put it on your site with {embedLink}.</li>
          </ol>
        </>
      )}
    </section>
  );
}
