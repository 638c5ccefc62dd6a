import { type ReactNode, useEffect, useId, useRef } from 'react';

// jsdom (component tests) has no modal dialogs; there the dialog is simply open.
const MODAL = typeof HTMLDialogElement !== 'undefined' && typeof HTMLDialogElement.prototype.showModal === 'function';

interface ModalDialogProps {
  title: string;
  children: ReactNode;
  /** Escape, or the dialog closed by the browser. */
  onCancel: () => void;
}

/** A modal dialog, open while it is rendered: focus moves in, the page behind is inert, Escape cancels. */
export function ModalDialog({ title, children, onCancel }: ModalDialogProps) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  useEffect(() => {
    const element = dialog.current;
    if (MODAL && element && !element.open) element.showModal();
    return () => element?.close?.();
  }, []);
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      open={MODAL ? undefined : true}
      onCancel={(event) => {
        event.preventDefault();
        onCancel();
      }}
    >
      <h2 id={titleId} className="dialog-title">
        {title}
      </h2>
      {children}
    </dialog>
  );
}
