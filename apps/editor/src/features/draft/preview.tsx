import { mount } from '@forms-engine/embed-client';
import type { Definition } from '@forms-engine/schema';
import { plainText } from '@forms-engine/schema/text';
import { useEffect, useRef, useState } from 'react';
import { isRightToLeft, languageLabel, languagesInOrder } from '../../definition-words/index.ts';
import type { Selection } from './model.ts';
import { previewFetch } from './preview-server.ts';
import { previewDefinition, previewTarget } from './preview-target.ts';

/** The widths a respondent's page gives the embed: a phone, and a desktop page's content column. */
const DEVICES = {
  phone: { label: 'Phone', width: 375 },
  desktop: { label: 'Desktop', width: 800 },
} as const;
type Device = keyof typeof DEVICES;

/**
 * The embed keeps the id of the response it resumes in sessionStorage under this key (see
 * `packages/embed-client/src/session/storage.ts`); the preview puts one there so the embed opens
 * at the selected element. The e2e test "selecting a question in step 3 shows step 3" holds
 * the two together.
 */
const resumeKey = (publicId: string, externalRef: string) =>
  `forms-engine:response:${publicId}${externalRef.trim() ? `:${externalRef.trim()}` : ''}`;

/** How much a desktop-wide page must shrink to fit the panel (1 when it fits). */
function useFitScale(width: number) {
  const viewport = useRef<HTMLDivElement>(null);
  const [scale, setScale] = useState(1);
  useEffect(() => {
    const element = viewport.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => setScale(Math.min(1, element.clientWidth / width)));
    observer.observe(element);
    return () => observer.disconnect();
  }, [width]);
  return { viewport, scale };
}

/**
 * The draft rendered by the embed that third-party sites get, over an in-memory public API
 * (see preview-server.ts). It opens at the selected element's step and tab, showing it even
 * where rules would hide it (a note says so), at a phone's or a desktop page's width. It
 * re-mounts when the draft changes, so rules and questions follow every edit.
 */
export function Preview({ definition, selection }: { definition: Definition; selection?: Selection | undefined }) {
  const host = useRef<HTMLDivElement>(null);
  const target = previewTarget(definition, selection);
  const latest = useRef({ definition, target });
  latest.current = { definition, target };
  const [externalRef, setExternalRef] = useState('');
  // The hidden values typed, as a page would pass them; only the declared keys are sent.
  const [hiddenTyped, setHiddenTyped] = useState<Record<string, string>>({});
  const hiddenFields = definition.hiddenFields ?? [];
  const hidden = Object.fromEntries(
    hiddenFields.flatMap((field) => (hiddenTyped[field.key] ? [[field.key, hiddenTyped[field.key] as string]] : [])),
  );
  const hiddenKey = JSON.stringify(hidden);
  const [ending, setEnding] = useState<{ shown: boolean; id?: string | undefined }>({ shown: false });
  const [restarts, setRestarts] = useState(0);
  const [device, setDevice] = useState<Device>('phone');
  const languages = languagesInOrder(definition);
  const [chosen, setChosen] = useState<string>();
  // The language chosen, while the draft still has it; else the default.
  const language = chosen && languages.includes(chosen) ? chosen : (languages[0] as string);
  const { width } = DEVICES[device];
  const { viewport, scale } = useFitScale(width);

  // biome-ignore lint/correctness/useExhaustiveDependencies: re-mounted on purpose when any of these change
  useEffect(() => {
    const element = host.current;
    if (!element) return;
    const publicId = `preview-${Math.random().toString(36).slice(2)}`;
    const position = latest.current.target.position;
    const start = position ? { responseId: `${publicId}-start`, lastPosition: position } : undefined;
    const key = resumeKey(publicId, externalRef);
    let handle: { destroy(): void } | undefined;
    setEnding({ shown: false });
    const timer = setTimeout(() => {
      try {
        if (start) sessionStorage.setItem(key, start.responseId);
      } catch {
        // Without session storage the preview opens at the first screen.
      }
      // `language` as a respondent's page passes it (the embed's mount option); until the embed's
      // types have it, the intersection keeps this compiling.
      // `hidden` and `allowRedirect` are the embed's mount options of issue 23; typed here until its types have them.
      // The preview never leaves the editor: an ending's redirect shows as a link.
      const given = JSON.parse(hiddenKey) as Record<string, string>;
      const options: Parameters<typeof mount>[1] & {
        language?: string;
        hidden?: Record<string, string>;
        allowRedirect?: boolean;
        hiddenFromUrl?: boolean;
      } = {
        baseUrl: window.location.origin,
        publicId,
        externalRef: externalRef || undefined,
        language,
        hidden: given,
        allowRedirect: false,
        hiddenFromUrl: false,
        fetch: previewFetch(
          publicId,
          () => previewDefinition(latest.current.definition, latest.current.target),
          start,
          { hidden: given, onComplete: (id) => setEnding({ shown: true, id }) },
        ),
      };
      handle = mount(element, options);
    }, 250);
    return () => {
      clearTimeout(timer);
      handle?.destroy();
      try {
        sessionStorage.removeItem(key);
      } catch {
        // Nothing was kept.
      }
    };
  }, [definition, externalRef, restarts, target.key, language, hiddenKey]);
  const endingTitle = ending.id ? definition.endings?.find((item) => item.id === ending.id)?.title : undefined;

  const empty = definition.steps.length === 0 && definition.tabs.length === 0 && definition.questions.length === 0;
  return (
    <section className="panel preview" aria-labelledby="preview-title">
      <h2 id="preview-title">Preview</h2>
      <fieldset className="device-switch">
        <legend>Preview width</legend>
        {(Object.keys(DEVICES) as Device[]).map((name) => (
          <span key={name}>
            <input
              id={`preview-device-${name}`}
              type="radio"
              name="preview-device"
              value={name}
              checked={device === name}
              onChange={() => setDevice(name)}
            />{' '}
            <label htmlFor={`preview-device-${name}`}>
              {DEVICES[name].label} ({DEVICES[name].width} px)
            </label>
          </span>
        ))}
      </fieldset>
      {languages.length > 1 && (
        <div className="field">
          <label htmlFor="preview-language">Language</label>
          <select
            id="preview-language"
            value={language}
            aria-describedby="preview-language-hint"
            onChange={(event) => setChosen(event.target.value)}
          >
            {languages.map((tag) => (
              <option key={tag} value={tag}>
                {languageLabel(tag)}
              </option>
            ))}
          </select>
          <p id="preview-language-hint" className="muted hint">
            {isRightToLeft(language)
              ? 'Written right to left: the preview shows it mirrored, as respondents see it.'
              : 'As a respondent whose page or browser asks for it sees it; a text not translated shows in the default language.'}
          </p>
        </div>
      )}
      <div className="row">
        <div className="field">
          <label htmlFor="preview-ref">External reference (for rules that read it)</label>
          <input id="preview-ref" value={externalRef} onChange={(event) => setExternalRef(event.target.value)} />
        </div>
        <button type="button" onClick={() => setRestarts((n) => n + 1)}>
          Restart preview
        </button>
      </div>
      {hiddenFields.length > 0 && (
        <fieldset className="preview-hidden">
          <legend>Hidden field values (as your page would pass them)</legend>
          <div className="row">
            {hiddenFields.map((field) => (
              <div className="field" key={field.key}>
                <label htmlFor={`preview-hidden-${field.key}`}>
                  {field.label ? `${field.label} (${field.key})` : field.key}
                </label>
                <input
                  id={`preview-hidden-${field.key}`}
                  value={hiddenTyped[field.key] ?? ''}
                  onChange={(event) => {
                    const value = event.target.value;
                    setHiddenTyped((current) => ({ ...current, [field.key]: value }));
                  }}
                />
              </div>
            ))}
          </div>
        </fieldset>
      )}
      <p className="muted hint" role="status">
        {ending.shown
          ? ending.id
            ? `This respondent saw the ending “${plainText(endingTitle ?? '') || 'Untitled ending'}”.`
            : 'This respondent saw the built-in “Thank you”: no ending’s rule held.'
          : ''}
      </p>
      {target.notes.length > 0 && (
        <div className="preview-notes">
          {target.notes.map((note) => (
            <p key={note}>{note} The preview shows it anyway.</p>
          ))}
        </div>
      )}
      {target.aside && <p className="muted hint">{target.aside}</p>}
      {empty && <p className="muted empty">Add a question to see it here as respondents will.</p>}
      {scale < 1 && <p className="muted hint">Shown at {Math.round(scale * 100)}% to fit this panel.</p>}
      <div ref={viewport} className="preview-viewport">
        <div
          ref={host}
          className="preview-frame"
          data-testid="preview"
          data-device={device}
          style={{ width, zoom: scale < 1 ? scale : undefined }}
        />
      </div>
    </section>
  );
}
