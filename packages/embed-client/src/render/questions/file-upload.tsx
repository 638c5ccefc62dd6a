import {
  contentTypeOfExtension,
  extensionOf,
  extensionsOf,
  type FileReference,
  isAcceptedType,
} from '@forms-engine/schema/rules';
import type { ComponentChild } from 'preact';
import { useEffect, useRef, useState } from 'preact/hooks';
import { FormsEngineError } from '../../client/problem';
import { useEmbed } from '../context';
import { describedBy, ErrorText, PromptText, type QuestionProps } from '../field';
import { format, type Labels } from '../labels';
import { withEnglish } from '../more-words';
import { usePartStyles } from '../part-styles';
import { STYLES } from './file-upload-styles';
import { FILE_UPLOAD_WORDS } from './file-upload-words';

interface Upload {
  key: number;
  file: File;
  /** 0..1, or null while the size of the work is unknown. */
  progress: number | null;
  controller: AbortController;
}

/**
 * The file picker's `accept` filter: each type, and a known type's extensions too (`application/pdf,.pdf`),
 * since some systems' pickers do not know every content type. HTML knows only audio/*, image/* and
 * video/* as wildcards; with any other wildcard (text/*) the picker is left unfiltered and the
 * embed (then the server) checks the type instead.
 */
export function acceptAttribute(types: readonly string[] | undefined): string | undefined {
  if (!types || types.length === 0) return undefined;
  const expressible = types.every((type) => !type.endsWith('/*') || /^(audio|image|video)\/\*$/.test(type));
  return expressible ? types.flatMap((type) => [type, ...extensionsOf(type)]).join(',') : undefined;
}

/**
 * A type as a person knows it: `images` for `image/*`, `PDF` and `DOCX` for known types (their
 * extension), else a guess from the subtype (`image/avif` is `AVIF`), else the type itself.
 */
function typeName(type: string, labels: Labels): string {
  const [kind = '', format = ''] = type.split('/');
  if (format === '*') return labels.fileKinds[kind] ?? type;
  const extension = extensionOf(type);
  if (extension) return extension.slice(1).toUpperCase();
  const name = format.replace(/^(x-|vnd\.)/, '').replace(/\+.*$/, '');
  return /^[a-z0-9]{2,5}$/.test(name) ? name.toUpperCase() : type;
}

/** A file's type as the browser says, or by its known extension when the system gave none. */
function typeOfFile(file: File): string {
  const extension = /\.[^.]+$/.exec(file.name)?.[0];
  return file.type || (extension && contentTypeOfExtension(extension)) || 'application/octet-stream';
}

const filesOf = (value: unknown): FileReference[] => (Array.isArray(value) ? (value as FileReference[]) : []);
/** A size as the language writes it ("1.5 MB", "1,5 MB"). */
const sizeText = (bytes: number, locale: string) =>
  bytes < 1024
    ? `${bytes} B` // Intl's short byte unit is the word ("5 byte")
    : new Intl.NumberFormat(locale, {
        style: 'unit',
        unit: bytes < 1048576 ? 'kilobyte' : 'megabyte',
        maximumFractionDigits: bytes < 1048576 ? 0 : 1,
      }).format(bytes < 1048576 ? bytes / 1024 : bytes / 1048576);

/**
 * A drop zone that is also a button (Enter, Space or a click opens the picker), saying which
 * types and sizes it takes before the choice. Uploads start at once (creating the response
 * first if needed); each file is listed with its name, size, progress and a remove button,
 * which cancels an upload or deletes the file on the server before dropping it from the answer.
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
  const { labels: shown, session, client, maxFileBytes, locale } = useEmbed();
  const labels = withEnglish(shown, FILE_UPLOAD_WORDS);
  const styled = usePartStyles<HTMLLabelElement>(STYLES);
  const { maxFiles, acceptedContentTypes } = question.typeConfig;
  const [uploads, setUploads] = useState<Upload[]>([]);
  const [notices, setNotices] = useState<string[]>([]);
  const [over, setOver] = useState(false);
  const picker = useRef<HTMLInputElement>(null);
  const zone = useRef<HTMLButtonElement>(null);
  // A removed file takes its remove button with it: focus goes back to the zone, once it is enabled again.
  const [removals, setRemovals] = useState(0);
  useEffect(() => {
    if (removals > 0) zone.current?.focus();
  }, [removals]);
  // The uploads under way: the form gone, each is cancelled, and an upload cancelled (by its remove
  // button too) changes nothing more.
  const live = useRef(new Set<AbortController>());
  useEffect(
    () => () => {
      for (const controller of live.current) controller.abort();
    },
    [],
  );

  const files = filesOf(value);
  const free = maxFiles - files.length - uploads.length;
  const reason = (caught: unknown) => (caught instanceof FormsEngineError ? caught.problem.detail : String(caught));
  const settle = (key: number) => setUploads((list) => list.filter((u) => u.key !== key));

  async function upload({ key, file, controller }: Upload) {
    live.current.add(controller);
    let responseId: string | undefined;
    try {
      responseId = await session.ensureResponse();
      const reference = await client.uploadFile(responseId, question.code, file, {
        signal: controller.signal,
        onProgress: (progress) => {
          if (!controller.signal.aborted)
            setUploads((list) => list.map((u) => (u.key === key ? { ...u, progress } : u)));
        },
      });
      if (!controller.signal.aborted) onChange([...filesOf(currentValue()), reference]);
    } catch (caught) {
      if (controller.signal.aborted) return;
      if (responseId && caught instanceof FormsEngineError && caught.status === 404) {
        // The response was erased: start afresh like any other call that meets a 404.
        session.dispatch({ type: 'RESPONSE_GONE', responseId, problem: caught.problem });
        return;
      }
      setNotices((list) => [...list, format(labels.uploadFailed, { name: file.name, reason: reason(caught) })]);
    } finally {
      live.current.delete(controller);
      if (!controller.signal.aborted) settle(key);
    }
  }

  function choose(chosen: File[]) {
    const next: string[] = [];
    const limit = sizeText(maxFileBytes, locale);
    const accepted = chosen.filter((file) => {
      if (!isAcceptedType(typeOfFile(file), acceptedContentTypes)) {
        next.push(format(labels.fileTypeNotAccepted, { name: file.name }));
      } else if (file.size > maxFileBytes) {
        next.push(format(labels.fileTooLarge, { name: file.name, limit }));
      } else return true;
      return false;
    });
    // Those beyond the limit are named, each in its own sentence.
    const notAdded = maxFiles === 1 ? labels.fileNotAddedOne : labels.fileNotAdded;
    const room = Math.max(0, free);
    for (const file of accepted.slice(room)) next.push(format(notAdded, { name: file.name, limit: maxFiles }, locale));
    setNotices(next);
    const started = accepted
      .slice(0, room)
      .map((file): Upload => ({ key: Math.random(), file, progress: null, controller: new AbortController() }));
    setUploads((list) => [...list, ...started]);
    for (const one of started) void upload(one);
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
    setRemovals((n) => n + 1);
  }

  const hint = [
    acceptedContentTypes?.length
      ? format(labels.acceptedTypes, { types: acceptedContentTypes.map((type) => typeName(type, labels)).join(', ') })
      : '',
    format(labels.fileSizeLimit, { limit: sizeText(maxFileBytes, locale) }),
    format(labels.maxFilesReached, { limit: maxFiles }, locale),
  ]
    .filter(Boolean)
    .join(' ');
  const labelId = `${ids.control}-label`;
  /** A file in the list, uploaded or on its way: its name, its size, its progress, and a button that removes it. */
  const listed = (
    key: string | number,
    name: string,
    size: number,
    onRemove: () => void,
    progress?: ComponentChild,
  ) => (
    <li key={key} class="fe-file-item">
      <span class="fe-file-name">{name}</span> <span class="fe-file-size">{sizeText(size, locale)}</span>
      {progress}
      <button
        type="button"
        class="fe-button fe-button-small"
        aria-label={format(labels.removeFile, { name })}
        onClick={onRemove}
      >
        ×
      </button>
    </li>
  );
  return (
    <>
      <label class="fe-label" id={labelId} for={ids.control} ref={styled}>
        <PromptText prompt={question.prompt} required={required} />
      </label>
      {/* The button is stretched over the whole zone: it takes clicks, Enter, Space and drops. */}
      <div class={`fe-dropzone${over ? ' fe-dropzone-over' : ''}${error ? ' fe-dropzone-invalid' : ''}`}>
        <button
          ref={zone}
          type="button"
          class="fe-dropzone-button"
          id={ids.control}
          disabled={free <= 0}
          aria-labelledby={`${labelId} ${labelId}-zone`}
          aria-invalid={error ? 'true' : undefined}
          aria-describedby={describedBy(ids, true, error)}
          onClick={() => picker.current?.click()}
          onDragOver={(event) => {
            event.preventDefault(); // allows the drop
            setOver(true);
          }}
          onDragLeave={() => setOver(false)}
          onDrop={(event) => {
            event.preventDefault();
            setOver(false);
            choose([...(event.dataTransfer?.files ?? [])]);
          }}
        >
          <span id={`${labelId}-zone`}>{maxFiles > 1 ? labels.chooseFiles : labels.chooseFile}</span>
        </button>
        <p class="fe-hint" id={ids.hint}>
          {hint}
          {/* A button cannot be aria-required; its description says it. */}
          {required ? <span class="fe-sr"> {labels.required}</span> : null}
        </p>
      </div>
      <input
        ref={picker}
        type="file"
        hidden
        tabIndex={-1}
        multiple={free > 1}
        accept={acceptAttribute(acceptedContentTypes)}
        onChange={(event) => {
          const input = event.currentTarget;
          choose([...(input.files ?? [])]);
          input.value = ''; // so the same file can be chosen again after removing it
        }}
      />
      {files.length + uploads.length > 0 && (
        <ul class="fe-files">
          {files.map((file) => listed(file.fileId, file.fileName, file.size, () => void remove(file)))}
          {uploads.map(({ key, file, progress, controller }) =>
            listed(
              key,
              file.name,
              file.size,
              () => {
                controller.abort();
                settle(key);
                setRemovals((n) => n + 1);
              },
              <progress
                class="fe-progress"
                aria-label={format(labels.uploading, { name: file.name })}
                max={1}
                {...(progress === null ? {} : { value: progress })}
              />,
            ),
          )}
        </ul>
      )}
      <div role="status" class="fe-notices">
        {notices.map((notice, index) => (
          // Keyed by place: the list is replaced whole, and two files may share a name.
          <p key={index} class="fe-error">
            {notice}
          </p>
        ))}
      </div>
      <ErrorText ids={ids} error={error} />
    </>
  );
}
