import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper, FlexRender, tableFeatures, useTable } from '@tanstack/react-table';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useTRPC } from '../../data/trpc.ts';
import { questionName } from '../../definition-words/index.ts';
import { ConfirmButton, ProblemMessage } from '../../ui/index.ts';
import { useQuestionnaireId } from '../questionnaires/questionnaire-layout.tsx';
import { answerCell, useAnswerQuestions } from './answer-columns.ts';
import { managementUrl } from './download.ts';
import { DownloadLink } from './download-link.tsx';
import { bytes, dateTime } from './format.ts';
import { NoResponsesYet } from './no-responses-yet.tsx';
import { StatusOptions } from './status-options.tsx';
import {
  PAGE_SIZE,
  type ResponseFilters,
  STATUS_LABELS,
  STATUSES,
  type Status,
  useResponseFilters,
} from './use-response-filters.ts';

export interface ResponseRow {
  responseId: string;
  status: Status;
  versionNumber: number;
  externalRef?: string;
  createdAt: string;
  updatedAt: string;
  completedAt?: string;
  answers: Record<string, unknown>;
}

const features = tableFeatures({});
const column = createColumnHelper<typeof features, ResponseRow>();

/** The responses of one questionnaire: filters and page in the URL, CSV export, file statistics. */
export function ResponsesPage() {
  const id = useQuestionnaireId();
  const { filters, page, setFilters, setPage } = useResponseFilters();
  const [headByPrompt, setHeadByPrompt] = useState(false);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const browse = useQuery(trpc.responses.browse.queryOptions({ id, ...filters, page, size: PAGE_SIZE }));
  const remove = useMutation(
    trpc.responses.delete.mutationOptions({
      onSuccess: () =>
        Promise.all([
          queryClient.invalidateQueries({ queryKey: trpc.responses.browse.queryKey() }),
          queryClient.invalidateQueries({ queryKey: trpc.files.stats.queryKey() }),
        ]),
    }),
  );

  // The first few answers, headed by their prompts, so a response is recognisable without opening it.
  const answerColumns = useAnswerQuestions(id).map((question) =>
    column.accessor((row: ResponseRow) => row.answers[question.code], {
      id: `answer-${question.code}`,
      header: questionName(question),
      cell: (info) => answerCell(question, info.getValue()),
    }),
  );
  const columns = column.columns([
    column.accessor('responseId', {
      header: 'Response',
      cell: (info) => (
        <Link to={info.getValue()} aria-label={`Response ${info.getValue()}`}>
          <code>{info.getValue()}</code>
        </Link>
      ),
    }),
    column.accessor('status', { header: 'Status', cell: (info) => STATUS_LABELS[info.getValue()] }),
    ...answerColumns,
    column.accessor('versionNumber', { header: 'Version', cell: (info) => `v${info.getValue()}` }),
    column.accessor('externalRef', { header: 'External reference', cell: (info) => info.getValue() ?? '—' }),
    column.accessor('createdAt', { header: 'Started', cell: (info) => dateTime(info.getValue()) }),
    column.accessor('completedAt', { header: 'Completed', cell: (info) => dateTime(info.getValue()) }),
    column.display({
      id: 'actions',
      header: 'Actions',
      cell: (info) => (
        <ConfirmButton
          label="Delete"
          accessibleName={`Delete response ${info.row.original.responseId}`}
          question="Erase this response for good? Its answers and uploaded files are deleted permanently (data-subject erasure); this cannot be undone."
          confirmLabel="Delete for good"
          className="danger"
          disabled={remove.isPending}
          onConfirm={() => remove.mutate({ id, responseId: info.row.original.responseId })}
        />
      ),
    }),
  ]);
  const data: ResponseRow[] = browse.data?.items ?? [];
  const table = useTable({ features, columns, data, getRowId: (row: ResponseRow) => row.responseId });

  const total = browse.data?.total ?? 0;
  const filtered = Boolean(filters.status || filters.versionNumber || filters.externalRef);
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const csvFilters = {
    status: filters.status,
    versionNumber: filters.versionNumber ? String(filters.versionNumber) : undefined,
    externalRef: filters.externalRef,
    // Codes stay the default: they are what scripts reading the file rely on.
    header: headByPrompt ? 'prompt' : undefined,
  };

  return (
    <section aria-labelledby="responses-title">
      <h2 id="responses-title">Responses</h2>
      <FilterForm filters={filters} onApply={setFilters} />
      <div className="actions">
        <DownloadLink href={managementUrl.csv(id, csvFilters)} fileName="responses.csv">
          Download CSV
        </DownloadLink>
        <span className="muted">with the filters above</span>
        <label>
          <input type="checkbox" checked={headByPrompt} onChange={(event) => setHeadByPrompt(event.target.checked)} />{' '}
          Head the answer columns by question prompt (not code)
        </label>
      </div>
      <ProblemMessage error={browse.error} />
      <ProblemMessage error={remove.error} />
      {remove.isSuccess && <p role="status">Response erased.</p>}
      {browse.isPending ? (
        <p>Loading…</p>
      ) : total === 0 && page === 0 && !filtered ? (
        <NoResponsesYet id={id} />
      ) : (
        <table aria-labelledby="responses-title" aria-describedby="responses-count">
          <thead>
            {table.getHeaderGroups().map((group) => (
              <tr key={group.id}>
                {group.headers.map((header) => (
                  <th key={header.id} scope="col">
                    <FlexRender header={header} />
                  </th>
                ))}
              </tr>
            ))}
          </thead>
          <tbody>
            {table.getRowModel().rows.map((row) => (
              <tr key={row.id}>
                {row.getAllCells().map((cell) => (
                  <td key={cell.id}>
                    <FlexRender cell={cell} />
                  </td>
                ))}
              </tr>
            ))}
            {data.length === 0 && (
              <tr>
                <td colSpan={columns.length}>
                  {filtered ? 'No responses match these filters.' : 'There are no responses on this page.'}
                </td>
              </tr>
            )}
          </tbody>
        </table>
      )}
      <nav aria-label="Responses pages" className="actions">
        <button type="button" onClick={() => setPage(page - 1)} disabled={page === 0}>
          Previous page
        </button>
        <span id="responses-count" role="status">
          Page {page + 1} of {pages} · {total} {total === 1 ? 'response' : 'responses'}
        </span>
        <button type="button" onClick={() => setPage(page + 1)} disabled={page + 1 >= pages}>
          Next page
        </button>
      </nav>
      <FilesPanel id={id} />
    </section>
  );
}

function FilterForm({ filters, onApply }: { filters: ResponseFilters; onApply: (next: ResponseFilters) => void }) {
  const [status, setStatus] = useState<string>(filters.status ?? '');
  const [version, setVersion] = useState(filters.versionNumber ? String(filters.versionNumber) : '');
  const [ref, setRef] = useState(filters.externalRef ?? '');
  // The URL is the truth (back, forward, a shared link): the fields follow it, keeping focus where it is.
  useEffect(() => {
    setStatus(filters.status ?? '');
    setVersion(filters.versionNumber ? String(filters.versionNumber) : '');
    setRef(filters.externalRef ?? '');
  }, [filters.status, filters.versionNumber, filters.externalRef]);
  const [versionError, setVersionError] = useState<string>();
  const ids = { status: useId(), version: useId(), ref: useId(), versionError: useId() };
  const apply = (nextStatus: string) => {
    const n = Number(version);
    if (version.trim() && (!Number.isInteger(n) || n < 1)) {
      setVersionError('A version number is a whole number from 1');
      return;
    }
    setVersionError(undefined);
    const chosen = STATUSES.find((s) => s === nextStatus);
    onApply({
      ...(chosen ? { status: chosen } : {}),
      ...(version.trim() ? { versionNumber: n } : {}),
      ...(ref.trim() ? { externalRef: ref.trim() } : {}),
    });
  };
  return (
    <form
      className="row"
      aria-label="Filter responses"
      onSubmit={(event) => {
        event.preventDefault();
        apply(status);
      }}
    >
      <div className="field">
        <label htmlFor={ids.status}>Status</label>
        <select
          id={ids.status}
          value={status}
          onChange={(event) => {
            // A status applies at once, with what the other fields say.
            setStatus(event.target.value);
            apply(event.target.value);
          }}
        >
          <StatusOptions />
        </select>
      </div>
      <div className="field">
        <label htmlFor={ids.version}>Version</label>
        <input
          id={ids.version}
          inputMode="numeric"
          value={version}
          onChange={(event) => setVersion(event.target.value)}
          aria-invalid={versionError ? true : undefined}
          aria-describedby={versionError ? ids.versionError : undefined}
          size={6}
        />
        {versionError && (
          <p id={ids.versionError} className="field-error">
            {versionError}
          </p>
        )}
      </div>
      <div className="field">
        <label htmlFor={ids.ref}>External reference</label>
        <input id={ids.ref} value={ref} maxLength={200} onChange={(event) => setRef(event.target.value)} />
      </div>
      <button type="submit" className="primary">
        Apply filters
      </button>
      <button
        type="button"
        onClick={() => {
          setStatus('');
          setVersion('');
          setRef('');
          setVersionError(undefined);
          onApply({});
        }}
      >
        Clear filters
      </button>
    </form>
  );
}

function FilesPanel({ id }: { id: string }) {
  const trpc = useTRPC();
  const stats = useQuery(trpc.files.stats.queryOptions({ id }));
  const caps = useQuery(trpc.files.uploadsConfig.queryOptions());
  return (
    <section className="panel" aria-labelledby="files-title">
      <h3 id="files-title">Files</h3>
      <ProblemMessage error={stats.error ?? caps.error} />
      <dl>
        <dt>Stored files</dt>
        <dd>{stats.data ? stats.data.fileCount : '…'}</dd>
        <dt>Stored bytes</dt>
        <dd>{stats.data ? bytes(stats.data.totalBytes) : '…'}</dd>
        <dt>Largest file</dt>
        <dd>{caps.data ? `${caps.data.maxFileSizeMb} MB` : '…'}</dd>
        <dt>Files per response</dt>
        <dd>{caps.data ? caps.data.maxFilesPerResponse : '…'}</dd>
        <dt>Bytes per response</dt>
        <dd>{caps.data ? bytes(caps.data.maxBytesPerResponse) : '…'}</dd>
      </dl>
    </section>
  );
}
