import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createColumnHelper, FlexRender, tableFeatures, useTable } from '@tanstack/react-table';
import { useEffect, useId, useState } from 'react';
import { Link } from 'react-router';
import { useQuestionnaireId } from '../../data/questionnaire-id.ts';
import { useCan } from '../../data/session.ts';
import { useTRPC } from '../../data/trpc.ts';
import { oneLine, questionName, recordedEnding } from '../../definition-words/index.ts';
import {
  HiddenValueFields,
  hiddenFilterOf,
  recordedLanguage,
  SharedFilterFields,
  useQuestionnaireLanguages,
} from '../../results/filter-fields.tsx';
import { hiddenParams, STATUS_LABELS, type Status } from '../../results/filters.ts';
import { NoResponsesYet } from '../../results/no-responses-yet.tsx';
import { bytes, dateTime } from '../../ui/format.ts';
import { ConfirmButton, ProblemMessage } from '../../ui/index.ts';
import {
  answerCell,
  answerQuestions as answerQuestionsOf,
  ERASE_CONSEQUENCES,
  responseDescription,
  useResultsDefinition,
} from './answer-columns.ts';
import { managementUrl } from './download.ts';
import { DownloadLink } from './download-link.tsx';
import { PAGE_SIZE, type ResponseFilters, useResponseFilters } from './use-response-filters.ts';

export interface ResponseRow {
  responseId: string;
  status: Status;
  versionNumber: number;
  externalRef?: string;
  createdAt: string;
  updatedAt: string;
  completedAt?: string;
  answers: Record<string, unknown>;
  meta: { language?: string | undefined };
  hidden?: Record<string, string>;
  endingId?: string;
}

const features = tableFeatures({});
const column = createColumnHelper<typeof features, ResponseRow>();

/** The responses of one questionnaire: filters and page in the URL, CSV export, file statistics. */
export function ResponsesPage() {
  const id = useQuestionnaireId();
  const { filters, page, setFilters, setPage } = useResponseFilters();
  const [headByPrompt, setHeadByPrompt] = useState(false);
  const [valuesAsLabels, setValuesAsLabels] = useState(false);
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
  const described = useResultsDefinition(id);
  const answerQuestions = described ? answerQuestionsOf(described) : [];
  const languages = useQuestionnaireLanguages(id);
  const answerColumns = answerQuestions.map((question) =>
    column.accessor((row: ResponseRow) => row.answers[question.code], {
      id: `answer-${question.code}`,
      header: questionName(question),
      cell: (info) => answerCell(question, info.getValue()),
    }),
  );
  const data: ResponseRow[] = browse.data?.items ?? [];
  // A column per hidden field of the described definition, and the ending where there are endings.
  const hiddenColumns = (described?.hiddenFields ?? []).map((field) =>
    column.accessor((row: ResponseRow) => row.hidden?.[field.key], {
      id: `hidden-${field.key}`,
      header: oneLine(field.label ?? '') || field.key,
      cell: (info) => info.getValue() || '—',
    }),
  );
  const endings = described?.endings ?? [];
  const endingColumn =
    endings.length > 0 || data.some((row) => row.endingId)
      ? [
          column.accessor((row: ResponseRow) => row.endingId, {
            id: 'ending',
            header: 'Ending',
            cell: (info) => recordedEnding(info.getValue(), endings),
          }),
        ]
      : [];
  // The language column where there is more than one: the draft has several, or a response on
  // this page was answered in another than the draft's default.
  const languageColumn =
    languages.length > 1 || data.some((row) => row.meta.language && row.meta.language !== languages[0])
      ? [
          column.accessor((row: ResponseRow) => row.meta.language, {
            id: 'language',
            header: 'Language',
            cell: (info) => recordedLanguage(info.getValue()),
          }),
        ]
      : [];
  // An analyst reads responses; erasing one is not offered.
  const eraseColumns = useCan('EDITOR')
    ? column.columns([
        column.display({
          id: 'actions',
          header: 'Actions',
          cell: (info) => {
            const described = responseDescription(info.row.original, answerQuestions);
            return (
              <ConfirmButton
                label="Erase response"
                accessibleName={`Erase response ${described}`}
                question={`Erase the response ${described}?`}
                description={ERASE_CONSEQUENCES}
                className="danger"
                disabled={remove.isPending}
                onConfirm={() => remove.mutate({ id, responseId: info.row.original.responseId })}
              />
            );
          },
        }),
      ])
    : [];
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
    ...hiddenColumns,
    ...endingColumn,
    ...languageColumn,
    column.accessor('versionNumber', { header: 'Version', cell: (info) => `v${info.getValue()}` }),
    column.accessor('externalRef', { header: 'External reference', cell: (info) => info.getValue() ?? '—' }),
    column.accessor('createdAt', { header: 'Started', cell: (info) => dateTime(info.getValue()) }),
    column.accessor('completedAt', { header: 'Completed', cell: (info) => dateTime(info.getValue()) }),
    ...eraseColumns,
  ]);
  const table = useTable({ features, columns, data, getRowId: (row: ResponseRow) => row.responseId });

  const total = browse.data?.total ?? 0;
  const filtered = Boolean(
    filters.status ||
      filters.versionNumber ||
      filters.externalRef ||
      filters.language ||
      filters.endingId ||
      filters.hidden,
  );
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  const csvFilters = {
    status: filters.status,
    versionNumber: filters.versionNumber ? String(filters.versionNumber) : undefined,
    externalRef: filters.externalRef,
    language: filters.language,
    endingId: filters.endingId,
    ...hiddenParams(filters.hidden),
    // Codes stay the default: they are what scripts reading the file rely on.
    header: headByPrompt ? 'prompt' : undefined,
    values: valuesAsLabels ? 'label' : undefined,
  };

  return (
    <section aria-labelledby="responses-title">
      <h2 id="responses-title">Responses</h2>
      <FilterForm questionnaireId={id} filters={filters} onApply={setFilters} />
      <div className="actions">
        <DownloadLink href={managementUrl.csv(id, csvFilters)} fileName="responses.csv">
          Download CSV
        </DownloadLink>
        <span className="muted">with the filters above</span>
        <label>
          <input type="checkbox" checked={headByPrompt} onChange={(event) => setHeadByPrompt(event.target.checked)} />{' '}
          Head the answer columns by question prompt (not code)
        </label>
        <label>
          <input
            type="checkbox"
            checked={valuesAsLabels}
            onChange={(event) => setValuesAsLabels(event.target.checked)}
          />{' '}
          Write answers as people read them (choice labels, Yes/No), not as codes
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

function FilterForm({
  questionnaireId,
  filters,
  onApply,
}: {
  questionnaireId: string;
  filters: ResponseFilters;
  onApply: (next: ResponseFilters) => void;
}) {
  const [ref, setRef] = useState(filters.externalRef ?? '');
  const [hiddenTyped, setHiddenTyped] = useState<Record<string, string>>(filters.hidden ?? {});
  // The URL is the truth (back, forward, a shared link): the field follows it, keeping focus where it is.
  useEffect(() => setRef(filters.externalRef ?? ''), [filters.externalRef]);
  const hiddenKey = JSON.stringify(filters.hidden ?? {});
  useEffect(() => setHiddenTyped(JSON.parse(hiddenKey) as Record<string, string>), [hiddenKey]);
  const refId = useId();
  // Status and version apply at once, with the filters already applied; a typed reference on Apply.
  const applyAtOnce = (next: ResponseFilters) => onApply({ ...filters, ...next });
  const { externalRef: _, hidden: _hidden, ...chosen } = filters;
  return (
    <form
      className="row"
      aria-label="Filter responses"
      onSubmit={(event) => {
        event.preventDefault();
        const hidden = hiddenFilterOf(hiddenTyped);
        onApply({ ...chosen, ...(ref.trim() ? { externalRef: ref.trim() } : {}), ...(hidden ? { hidden } : {}) });
      }}
    >
      <SharedFilterFields questionnaireId={questionnaireId} filters={filters} applyAtOnce={applyAtOnce} />
      <div className="field">
        <label htmlFor={refId}>External reference</label>
        <input id={refId} value={ref} maxLength={200} onChange={(event) => setRef(event.target.value)} />
      </div>
      <HiddenValueFields questionnaireId={questionnaireId} values={hiddenTyped} onChange={setHiddenTyped} />
      <button type="submit" className="primary">
        Apply filters
      </button>
      <button
        type="button"
        onClick={() => {
          setRef('');
          setHiddenTyped({});
          onApply({});
        }}
      >
        Clear filters
      </button>
    </form>
  );
}

/** The files stored now (measured) and the limits on uploads (the server's settings), kept apart. */
function FilesPanel({ id }: { id: string }) {
  const trpc = useTRPC();
  const stats = useQuery(trpc.files.stats.queryOptions({ id }));
  const caps = useQuery(trpc.files.uploadsConfig.queryOptions());
  const storedId = useId();
  const limitsId = useId();
  return (
    <section className="panel" aria-labelledby="files-title">
      <h3 id="files-title">Files</h3>
      <ProblemMessage error={stats.error ?? caps.error} />
      <div className="files-panel">
        <section aria-labelledby={storedId}>
          <h4 id={storedId}>Stored now</h4>
          <dl>
            <dt>Files</dt>
            <dd>{stats.data ? stats.data.fileCount : '…'}</dd>
            <dt>Total size</dt>
            <dd>{stats.data ? bytes(stats.data.totalBytes) : '…'}</dd>
          </dl>
        </section>
        <section aria-labelledby={limitsId}>
          <h4 id={limitsId}>Upload limits</h4>
          <dl>
            <dt>Largest file allowed</dt>
            <dd>{caps.data ? `${caps.data.maxFileSizeMb} MB` : '…'}</dd>
            <dt>Most files per response</dt>
            <dd>{caps.data ? caps.data.maxFilesPerResponse : '…'}</dd>
            <dt>Most bytes per response</dt>
            <dd>{caps.data ? bytes(caps.data.maxBytesPerResponse) : '…'}</dd>
          </dl>
          <p className="muted hint">Set for the whole server by its administrator.</p>
        </section>
      </div>
    </section>
  );
}
