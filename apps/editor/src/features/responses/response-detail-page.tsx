import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { problemOf } from '../../data/problem.ts';
import { useQuestionnaireId } from '../../data/questionnaire-id.ts';
import { useCan } from '../../data/session.ts';
import { useTRPC } from '../../data/trpc.ts';
import { oneLine, questionName, recordedEnding } from '../../definition-words/index.ts';
import { recordedLanguage } from '../../results/filter-fields.tsx';
import { STATUS_LABELS } from '../../results/filters.ts';
import { bytes, dateTime } from '../../ui/format.ts';
import { ConfirmButton, ProblemMessage } from '../../ui/index.ts';
import { ERASE_CONSEQUENCES, responseDescription } from './answer-columns.ts';
import { managementUrl } from './download.ts';
import { DownloadLink } from './download-link.tsx';
import { answerText, isFileList, placedQuestions } from './format.ts';

export function ResponseDetailPage() {
  const id = useQuestionnaireId();
  const { responseId = '' } = useParams();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const canErase = useCan('EDITOR');
  const response = useQuery(trpc.responses.get.queryOptions({ id, responseId }));
  const versionNumber = response.data?.versionNumber;
  const version = useQuery({
    ...trpc.questionnaires.version.queryOptions({ id, n: versionNumber ?? 1 }),
    enabled: versionNumber !== undefined,
  });
  const remove = useMutation(
    trpc.responses.delete.mutationOptions({
      onSuccess: async () => {
        await Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.responses.browse.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.files.stats.queryKey() }),
        ]);
        navigate('..', { relative: 'path' });
      },
    }),
  );

  const back = (
    <p>
      <Link to=".." relative="path">
        Back to responses
      </Link>
    </p>
  );
  const notFound = response.error != null && problemOf(response.error).code === 'NOT_FOUND';
  if (response.error && !notFound) {
    return (
      <>
        {back}
        <ProblemMessage error={response.error} />
      </>
    );
  }
  if (response.isPending) {
    return (
      <>
        {back}
        <p>Loading…</p>
      </>
    );
  }
  if (notFound || !response.data) {
    return (
      <>
        {back}
        <h2>Response not found</h2>
        <p>There is no response {responseId} in this questionnaire; it may have been erased.</p>
      </>
    );
  }
  const r = response.data;
  const placed = version.data ? placedQuestions(version.data.definition) : [];
  const known = new Set(placed.map((p) => p.question.code));
  const others = Object.keys(r.answers).filter((code) => !known.has(code));
  // The pinned version's hidden fields, then any value stored under a key it no longer names.
  const declared = (version.data?.definition.hiddenFields ?? []).map((field) => ({
    key: field.key,
    label: oneLine(field.label ?? ''),
  }));
  const hiddenKeys = [
    ...declared,
    ...Object.keys(r.hidden ?? {})
      .filter((key) => !declared.some((field) => field.key === key))
      .map((key) => ({ key, label: '' })),
  ];

  return (
    <section aria-labelledby="response-title">
      {back}
      <h2 id="response-title">
        Response <code>{r.responseId}</code>
      </h2>
      <dl className="response-facts">
        <dt>Status</dt>
        <dd>{STATUS_LABELS[r.status]}</dd>
        <dt>Version</dt>
        <dd>v{r.versionNumber}</dd>
        <dt>Language</dt>
        <dd>{recordedLanguage(r.meta.language)}</dd>
        <dt>External reference</dt>
        <dd>{r.externalRef ?? '—'}</dd>
        <dt>Started</dt>
        <dd>{dateTime(r.createdAt)}</dd>
        <dt>Last saved</dt>
        <dd>{dateTime(r.updatedAt)}</dd>
        <dt>Completed</dt>
        <dd>{dateTime(r.completedAt)}</dd>
        {(r.endingId || (version.data?.definition.endings ?? []).length > 0) && (
          <>
            <dt>Ending</dt>
            <dd>{r.status === 'COMPLETED' ? recordedEnding(r.endingId, version.data?.definition.endings) : '—'}</dd>
          </>
        )}
      </dl>
      {canErase && (
        <ConfirmButton
          label="Erase response"
          question={`Erase the response ${responseDescription(
            r,
            placed.map((p) => p.question),
          )}?`}
          description={ERASE_CONSEQUENCES}
          className="danger"
          disabled={remove.isPending}
          onConfirm={() => remove.mutate({ id, responseId: r.responseId })}
        />
      )}
      <ProblemMessage error={remove.error} />

      {hiddenKeys.length > 0 && (
        <>
          <h3>Hidden fields</h3>
          <dl className="answers">
            {hiddenKeys.map(({ key, label }) => (
              <div key={key}>
                <dt>{label ? `${label} (${key})` : key}</dt>
                <dd>{r.hidden?.[key] || '—'}</dd>
              </div>
            ))}
          </dl>
        </>
      )}

      <h3>Answers</h3>
      <ProblemMessage error={version.error} />
      {version.isPending && <p>Loading the questions of version {r.versionNumber}…</p>}
      {version.data && (
        <dl className="answers">
          {placed
            .filter(({ question }) => question.type !== 'STATEMENT')
            .map(({ question, place }) => (
              <div key={question.id}>
                <dt>
                  {questionName(question)}
                  {place && <span className="muted"> ({place})</span>}
                </dt>
                <dd>
                  <Answer id={id} responseId={r.responseId} value={r.answers[question.code]} question={question} />
                </dd>
              </div>
            ))}
          {others.map((code) => (
            <div key={code}>
              <dt>
                <code>{code}</code> <span className="muted">(not in version {r.versionNumber})</span>
              </dt>
              <dd>
                <Answer id={id} responseId={r.responseId} value={r.answers[code]} />
              </dd>
            </div>
          ))}
        </dl>
      )}
    </section>
  );
}

function Answer({
  id,
  responseId,
  value,
  question,
}: {
  id: string;
  responseId: string;
  value: unknown;
  question?: Parameters<typeof answerText>[0];
}) {
  if (isFileList(value) && value.length > 0) {
    return (
      <ul>
        {value.map((file) => (
          <li key={file.fileId}>
            <DownloadLink href={managementUrl.file(id, responseId, file.fileId)} fileName={file.fileName}>
              Download {file.fileName}
            </DownloadLink>{' '}
            <span className="muted">({bytes(file.size)})</span>
          </li>
        ))}
      </ul>
    );
  }
  return <>{answerText(question, value)}</>;
}
