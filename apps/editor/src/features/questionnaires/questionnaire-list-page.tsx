import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { problemOf } from '../../data/problem.ts';
import { useCan } from '../../data/session.ts';
import { useTRPC, useTRPCClient } from '../../data/trpc.ts';
import { ConfirmButton, downloadFile, ProblemMessage } from '../../ui/index.ts';
import { availabilityLine } from './availability-words.ts';

const PAGE_SIZE = 20;

/** `/`: every questionnaire, newest change first, with create, import and the per-row actions. */
export function QuestionnaireListPage() {
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  // An analyst reads questionnaires: creating, importing and changing them are not offered.
  const canEdit = useCan('EDITOR');
  const [search, setSearch] = useSearchParams();
  const page = Math.max(0, Number(search.get('page') ?? 0) || 0);
  const list = useQuery(trpc.questionnaires.list.queryOptions({ page, size: PAGE_SIZE }));
  const [name, setName] = useState('');
  const nameField = useRef<HTMLInputElement>(null);
  const [actionError, setActionError] = useState<unknown>();
  const refresh = () => queryClient.invalidateQueries({ queryKey: trpc.questionnaires.list.queryKey() });

  const create = useMutation(
    trpc.questionnaires.create.mutationOptions({
      onSuccess: (created) => navigate(`/questionnaires/${created.id}`),
    }),
  );
  const importOne = useMutation(
    trpc.questionnaires.import.mutationOptions({
      onSuccess: (created) => navigate(`/questionnaires/${created.id}`),
    }),
  );
  const run = async (action: () => Promise<unknown>) => {
    setActionError(undefined);
    try {
      await action();
      await refresh();
    } catch (error) {
      setActionError(error);
    }
  };

  const total = list.data?.total ?? 0;
  const pages = Math.max(1, Math.ceil(total / PAGE_SIZE));
  return (
    <>
      <title>Questionnaires · Forms Engine</title>
      <h1>Questionnaires</h1>
      {canEdit && (
        <form
          className="row"
          onSubmit={(event) => {
            event.preventDefault();
            create.mutate({ name });
          }}
        >
          <div className="field">
            <label htmlFor="new-name">New questionnaire</label>
            <input
              id="new-name"
              ref={nameField}
              value={name}
              onChange={(event) => setName(event.target.value)}
              placeholder="Name"
            />
          </div>
          <button type="submit" className="primary" disabled={create.isPending}>
            Create
          </button>
          <div className="field">
            <label htmlFor="import-file">Import a JSON export</label>
            <input
              id="import-file"
              type="file"
              accept="application/json,.json"
              onChange={async (event) => {
                const file = event.target.files?.[0];
                event.target.value = '';
                if (!file) return;
                try {
                  importOne.mutate(JSON.parse(await file.text()));
                } catch {
                  setActionError(new Error(`${file.name} is not valid JSON`));
                }
              }}
            />
          </div>
        </form>
      )}
      <ProblemMessage error={create.error ?? importOne.error ?? actionError} />
      {list.error && problemOf(list.error).code !== 'UNAUTHORIZED' && <ProblemMessage error={list.error} />}
      {!canEdit && list.data && list.data.items.length === 0 && total === 0 && (
        <p>No questionnaires yet. Editors and owners create them; they appear here once made.</p>
      )}
      {canEdit && list.data && list.data.items.length === 0 && total === 0 && (
        <section className="panel" aria-labelledby="no-questionnaires-title">
          <h2 id="no-questionnaires-title">No questionnaires yet</h2>
          <p>
            A questionnaire starts as a draft you build step by step, then you publish it and embed it on your site.
            Give it a name above and press Create, or import a JSON export of one made elsewhere.
          </p>
          <button type="button" onClick={() => nameField.current?.focus()}>
            Name your first questionnaire
          </button>
        </section>
      )}
      {list.data && list.data.items.length === 0 && total > 0 && (
        <p>
          There is nothing on this page: the list has {total} questionnaire{total === 1 ? '' : 's'}.{' '}
          <Link to="/">Go to the first page</Link>
        </p>
      )}
      {list.data && list.data.items.length > 0 && (
        <table>
          <caption className="muted">
            {total} questionnaire{total === 1 ? '' : 's'}
          </caption>
          <thead>
            <tr>
              <th scope="col">Name</th>
              <th scope="col">Published</th>
              <th scope="col">Status</th>
              <th scope="col">Responses</th>
              <th scope="col">Updated</th>
              <th scope="col">Actions</th>
            </tr>
          </thead>
          <tbody>
            {list.data.items.map((item) => (
              <tr key={item.id}>
                <td>
                  <Link to={`/questionnaires/${item.id}`}>{item.name}</Link>{' '}
                  {item.hasUnpublishedChanges && <span className="badge">Unpublished changes</span>}
                </td>
                <td>{item.currentVersion === 0 ? 'Not yet' : `Version ${item.currentVersion}`}</td>
                {/* A server from before schedules sends no availability: nothing rather than a guess. */}
                <td>{item.availability ? availabilityLine(item) : ''}</td>
                <td>{item.responseCount}</td>
                <td>{new Date(item.updatedAt).toLocaleString()}</td>
                <td className="actions">
                  {canEdit && (
                    <button
                      type="button"
                      aria-label={`Rename ${item.name}`}
                      onClick={() => {
                        const renamed = window.prompt('New name', item.name);
                        if (renamed?.trim())
                          void run(() => client.questionnaires.patch.mutate({ id: item.id, name: renamed }));
                      }}
                    >
                      Rename
                    </button>
                  )}
                  {canEdit && (
                    <button
                      type="button"
                      aria-label={`Duplicate ${item.name}`}
                      onClick={() => run(() => client.questionnaires.duplicate.mutate({ id: item.id }))}
                    >
                      Duplicate
                    </button>
                  )}
                  <button
                    type="button"
                    aria-label={`Export ${item.name}`}
                    onClick={() =>
                      run(async () => {
                        const exported = await client.questionnaires.export.query({ id: item.id });
                        downloadFile(`${item.name}.json`, JSON.stringify(exported, null, 2), 'application/json');
                      })
                    }
                  >
                    Export
                  </button>
                  {canEdit && (
                    <ConfirmButton
                      label="Delete"
                      accessibleName={`Delete ${item.name}`}
                      className="danger"
                      question={`Delete "${item.name}" with all its versions, responses and files? This cannot be undone.`}
                      onConfirm={() => run(() => client.questionnaires.delete.mutate({ id: item.id }))}
                    />
                  )}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      {pages > 1 && (
        <nav className="actions" aria-label="Pages">
          <button type="button" disabled={page === 0} onClick={() => setSearch({ page: String(page - 1) })}>
            Previous page
          </button>
          <span>
            Page {page + 1} of {pages}
          </span>
          <button type="button" disabled={page + 1 >= pages} onClick={() => setSearch({ page: String(page + 1) })}>
            Next page
          </button>
        </nav>
      )}
    </>
  );
}
