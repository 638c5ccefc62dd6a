import { type FileReference, isAcceptedType } from '@forms-engine/schema/rules';
import { useEffect, useRef, useState } from 'preact/hooks';
import { FormsEngineError } from '../../client/problem';
import { useEmbed } from '../context';
import { describedBy, ErrorText, Hint, Label, type QuestionProps } from '../field';
import { format } from '../labels';

interface Upload {
  key: number;
  name: string;
  /** 0..1, or null while the size of the work is unknown. */
  progress: number | null;
}

/**
 * The file picker's `accept` filter. HTML knows only audio/*, image/* and video/* as
 * wildcards; with any other wildcard (text/*) the picker is left unfiltered and the embed
 * (then the server) checks the type instead.
 */
export function acceptAttribute(types: readonly string[] | undefined): string | undefined {
  if (!types || types.length === 0) return undefined;
  const expressible = types.every((type) => !type.endsWith('/*') || /^(audio|image|video)\/\*$/.test(type));
  return expressible ? types.join(',') : undefined;
}

const filesOf = (value: unknown): FileReference[] => (Array.isArray(value) ? (value as FileReference[]) : []);
const sizeText = (bytes: number) =>
  bytes < 1024
    ? `${bytes} B`
    : bytes < 1048576
      ? `${Math.round(bytes / 1024)} KB`
      : `${(bytes / 1048576).toFixed(1)} MB`;

/**
 * Uploads as soon as files are chosen (creating the response first if needed), shows
 * progress, and removes a file on the server before dropping it from the answer.
 */
export function FileUpload({
  question,
  value,
  onChange,
  currentValue,
  required,
  error,
  ids,
}: QuestionProps<'FILE_UPLOAD'>) {
  const { labels, session, client } = useEmbed();
  const { maxFiles, acceptedContentTypes } = question.typeConfig;
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [notices, setNotices] = useState<string[]>([]);
  const mounted = useRef(true);
  const aborts = useRef(new Set<AbortController>());
  useEffect(
    () => () => {
      mounted.current = false;
      for (const controller of aborts.current) controller.abort();
    },
    [],
  );

  const files = filesOf(value);
  const free = maxFiles - files.length - uploads.length;
  const reason = (caught: unknown) => (caught instanceof FormsEngineError ? caught.problem.detail : String(caught));

  async function upload(file: File, key: number) {
    const controller = new AbortController();
    aborts.current.add(controller);
    try {
      const responseId = await session.ensureResponse();
      const reference = await client.uploadFile(responseId, question.code, file, {
        signal: controller.signal,
        onProgress: (progress) => {
          if (mounted.current) setUploads((list) => list.map((u) => (u.key === key ? { ...u, progress } : u)));
        },
      });
      onChange([...filesOf(currentValue()), reference]);
    } catch (caught) {
      if (mounted.current && !controller.signal.aborted) {
        setNotices((list) => [...list, format(labels.uploadFailed, { name: file.name, reason: reason(caught) })]);
      }
    } finally {
      aborts.current.delete(controller);
      if (mounted.current) setUploads((list) => list.filter((u) => u.key !== key));
    }
  }

  function choose(chosen: File[]) {
    const next: string[] = [];
    const accepted = chosen.filter((file) => {
      const ok = isAcceptedType(file.type || 'application/octet-stream', acceptedContentTypes);
      if (!ok) next.push(format(labels.fileTypeNotAccepted, { name: file.name }));
      return ok;
    });
    if (accepted.length > free) next.push(format(labels.maxFilesReached, { limit: maxFiles }));
    setNotices(next);
    const started = accepted.slice(0, Math.max(0, free)).map((file) => ({ file, key: Math.random() }));
    setUploads((list) => [...list, ...started.map(({ file, key }) => ({ key, name: file.name, progress: null }))]);
    for (const { file, key } of started) void upload(file, key);
  }

  async function remove(file: FileReference) {
    try {
      const responseId = session.getState().responseId;
      if (responseId) await client.deleteFile(responseId, file.fileId);
    } catch (caught) {
      // Already gone on the server is as good as removed.
      if (!(caught instanceof FormsEngineError && caught.status === 404)) {
        setNotices([format(labels.uploadFailed, { name: file.fileName, reason: reason(caught) })]);
        return;
      }
    }
    const rest = filesOf(currentValue()).filter((f) => f.fileId !== file.fileId);
    onChange(rest.length > 0 ? rest : undefined);
  }

  const hint = format(labels.maxFilesReached, { limit: maxFiles });
  return (
    <>
      <Label ids={ids} prompt={question.prompt} required={required} />
      <Hint ids={ids}>{hint}</Hint>
      <input
        class="fe-file"
        id={ids.control}
        type="file"
        multiple={free > 1}
        disabled={free <= 0}
        accept={acceptAttribute(acceptedContentTypes)}
        required={required}
        aria-invalid={error ? 'true' : undefined}
        aria-describedby={describedBy(ids, true, error)}
        onChange={(event) => {
          const input = event.currentTarget;
          choose([...(input.files ?? [])]);
          input.value = ''; // so the same file can be chosen again after removing it
        }}
      />
      {files.length + uploads.length > 0 && (
        <ul class="fe-files">
          {files.map((file) => (
            <li key={file.fileId} class="fe-file-item">
              <span class="fe-file-name">{file.fileName}</span> <span class="fe-file-size">{sizeText(file.size)}</span>
              <button
                type="button"
                class="fe-button fe-button-small"
                aria-label={format(labels.removeFile, { name: file.fileName })}
                onClick={() => void remove(file)}
              >
                ×
              </button>
            </li>
          ))}
          {uploads.map((u) => (
            <li key={u.key} class="fe-file-item">
              <span class="fe-file-name">{u.name}</span>
              <progress
                class="fe-progress"
                aria-label={format(labels.uploading, { name: u.name })}
                max={1}
                {...(u.progress === null ? {} : { value: u.progress })}
              />
            </li>
          ))}
        </ul>
      )}
      <div role="status" class="fe-notices">
        {notices.map((notice) => (
          <p key={notice} class="fe-error">
            {notice}
          </p>
        ))}
      </div>
      <ErrorText ids={ids} error={error} />
    </>
  );
}
