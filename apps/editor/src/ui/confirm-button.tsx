import { useId, useRef, useState } from 'react';

// jsdom (component tests) has no modal dialogs; there the dialog is simply open.
const MODAL = typeof HTMLDialogElement !== 'undefined' && typeof HTMLDialogElement.prototype.showModal === 'function';

interface ConfirmButtonProps {
  /** The button's text, e.g. "Delete". */
  label: string;
  /** What the dialog asks: its name. */
  question: string;
  /** What follows from it, said under the question. */
  description?: string;
  confirmLabel?: string;
  /** The button that closes the dialog and changes nothing ("Cancel"; say "Keep it" when the action is itself a cancel). */
  dismissLabel?: string;
  onConfirm: () => void;
  disabled?: boolean;
  className?: string;
  accessibleName?: string;
}

/** A button that asks first, in a modal dialog (focus moves in, Escape cancels). */
export function ConfirmButton({
  label,
  question,
  description,
  confirmLabel = label,
  dismissLabel = 'Cancel',
  onConfirm,
  disabled,
  className,
  accessibleName,
}: ConfirmButtonProps) {
  const [open, setOpen] = useState(false);
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();
  const show = () => {
    setOpen(true);
    queueMicrotask(() => {
      const element = dialog.current;
      if (MODAL && element && !element.open) element.showModal();
    });
  };
  const close = () => {
    dialog.current?.close?.();
    setOpen(false);
  };
  return (
    <>
      <button type="button" className={className} onClick={show} disabled={disabled} aria-label={accessibleName}>
        {label}
      </button>
      {open && (
        <dialog
          ref={dialog}
          aria-labelledby={titleId}
          aria-describedby={description ? descriptionId : undefined}
          onCancel={close}
          open={MODAL ? undefined : true}
        >
          <p id={titleId}>{question}</p>
          {description && <p id={descriptionId}>{description}</p>}
          <div className="actions">
            <button
              type="button"
              className="danger"
              onClick={() => {
                close();
                onConfirm();
              }}
            >
              {confirmLabel}
            </button>
            <button type="button" onClick={close}>
              {dismissLabel}
            </button>
          </div>
        </dialog>
      )}
    </>
  );
}
