import type { Definition } from '@forms-engine/schema';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { useQuestionnaireId } from '../../data/questionnaire-id.ts';
import { useCan } from '../../data/session.ts';
import { useTRPC } from '../../data/trpc.ts';
import { ConfirmButton, ProblemMessage } from '../../ui/index.ts';
import { diffDefinitions } from './diff.ts';
import { DiffView } from './diff-view.tsx';
import { VersionSelect } from './version-select.tsx';

const DRAFT = 'draft';

/** The definition a compare side names: a version number or the draft. */
function useSide(id: string, side: string | null): { definition?: Definition; error?: unknown } {
  const trpc = useTRPC();
  const n = side && side !== DRAFT ? Number(side) : undefined;
  const version = useQuery({
    ...trpc.questionnaires.version.queryOptions({ id, n: n ?? 1 }),
    enabled: n !== undefined,
  });
  const questionnaire = useQuery({ ...trpc.questionnaires.get.queryOptions({ id }), enabled: side === DRAFT });
  if (side === DRAFT) return { definition: questionnaire.data?.draft, error: questionnaire.error };
  return { definition: version.data?.definition, error: version.error };
}

/** History newest first; view, restore into the draft, compare any two (or one with the draft). */
export function VersionsPage() {
  const id = useQuestionnaireId();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const [search, setSearch] = useSearchParams();
  const canEdit = useCan('EDITOR');
  const versions = useQuery(trpc.questionnaires.versions.queryOptions({ id }));
  const restore = useMutation(
    trpc.questionnaires.restore.mutationOptions({
      onSuccess: async (detail) => {
        queryClient.setQueryData(trpc.questionnaires.get.queryKey({ id }), detail);
        navigate(`/questionnaires/${id}`);
      },
    }),
  );
  const from = search.get('from');
  const to = search.get('to');
  const left = useSide(id, from);
  const right = useSide(id, to);
  const compareHeading = useRef<HTMLHeadingElement>(null);

  if (versions.error) return <ProblemMessage error={versions.error} />;
  if (!versions.data) return <p>Loading…</p>;
  if (versions.data.length === 0) return <NoVersionsYet />;
  // Open mode records no publisher: the column shows only where some version has one.
  const showPublisher = versions.data.some((version) => version.publishedBy);
  const options = [...versions.data.map((v) => String(v.versionNumber)), DRAFT];
  const optionLabel = (value: string) => (value === DRAFT ? 'The draft' : `Version ${value}`);
  return (
    <>
      <h2>Versions</h2>
      <ProblemMessage error={restore.error} />
      <table>
        <thead>
          <tr>
            <th scope="col">Version</th>
            <th scope="col">Published</th>
            {showPublisher && <th scope="col">Published by</th>}
            <th scope="col">Note</th>
            <th scope="col">Actions</th>
          </tr>
        </thead>
        <tbody>
          {[...versions.data]
            .sort((a, b) => b.versionNumber - a.versionNumber)
            .map((version) => (
              <tr key={version.versionNumber}>
                <td>
                  <Link to={String(version.versionNumber)}>Version {version.versionNumber}</Link>
                </td>
                <td>{new Date(version.publishedAt).toLocaleString()}</td>
                {showPublisher && <td>{version.publishedBy?.name ?? <span className="muted">Not recorded</span>}</td>}
                <td>{version.note}</td>
                <td className="actions">
                  {version.versionNumber > 1 && (
                    <Link
                      to={`?from=${version.versionNumber - 1}&to=${version.versionNumber}`}
                      aria-label={`What changed in version ${version.versionNumber}`}
                      // The comparison shows below the table: take the reader (and the focus) there.
                      onClick={() => compareHeading.current?.focus()}
                    >
                      What changed
                    </Link>
                  )}
                  {canEdit && (
                    <ConfirmButton
                      label="Restore"
                      accessibleName={`Restore version ${version.versionNumber}`}
                      question={`Replace the draft with version ${version.versionNumber}? Unpublished changes in the draft are lost.`}
                      onConfirm={() => restore.mutate({ id, n: version.versionNumber })}
                    />
                  )}
                </td>
              </tr>
            ))}
        </tbody>
      </table>
      <h3 ref={compareHeading} tabIndex={-1}>
        Compare
      </h3>
      <form className="row" onSubmit={(event) => event.preventDefault()}>
        <VersionSelect
          id="compare-from"
          label="From"
          value={from}
          options={options}
          optionLabel={optionLabel}
          onChange={(value) => setSearch({ from: value, ...(to ? { to } : {}) })}
        />
        <VersionSelect
          id="compare-to"
          label="To"
          value={to}
          options={options}
          optionLabel={optionLabel}
          onChange={(value) => setSearch({ ...(from ? { from } : {}), to: value })}
        />
      </form>
      <ProblemMessage error={left.error ?? right.error} />
      {!(from && to) && <p className="muted">Choose two versions, or a version and the draft, to see what changed.</p>}
      {from && to && left.definition && right.definition && (
        <DiffView
          diff={diffDefinitions(left.definition, right.definition)}
          from={optionLabel(from)}
          to={optionLabel(to)}
        />
      )}
    </>
  );
}

/** Versions before the first publish: what a version is and how to make one. */
function NoVersionsYet() {
  return (
    <section className="panel" aria-labelledby="no-versions-title">
      <h2 id="no-versions-title">No versions yet</h2>
      <p>
        Nothing is published yet. When the draft is ready, press <strong>Publish</strong> above: the draft becomes
        version 1, the one respondents see.
      </p>
      <p>
        Every later publish adds a version here. You can open any version, compare two of them (or one with the draft)
        and restore an old one into the draft.
      </p>
    </section>
  );
}
