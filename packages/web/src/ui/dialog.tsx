import { messages } from "@katale/domain";
import { X } from "lucide-react";
import { type KeyboardEvent, type ReactNode, useEffect, useId, useRef } from "react";

export interface DialogProps {
  readonly title: string;
  /** Escape, the close button and a press on the backdrop call it; the parent unmounts the dialog. */
  readonly onClose: () => void;
  readonly children: ReactNode;
  /** Optional line under the title, read out with it. */
  readonly description?: ReactNode;
  readonly className?: string;
  /** Where focus goes on closing when the element that had it before is gone. */
  readonly returnFocusTo?: () => HTMLElement | null;
}

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export interface ModalDialogProps {
  /** The id of the element that names the dialog (its heading). */
  readonly labelledBy: string;
  readonly describedBy?: string;
  /** Escape and a press on the backdrop call it; the parent unmounts the dialog. */
  readonly onClose: () => void;
  readonly children: ReactNode;
  readonly className?: string;
  /** Where focus goes on closing when the element that had it before is gone (another dialog's). */
  readonly returnFocusTo?: () => HTMLElement | null;
}

/**
 * A modal `<dialog>` without a frame of its own (native, top layer, the page behind it inert):
 * Escape closes it, Tab and Shift+Tab stay inside, focus starts on the element marked
 * `data-autofocus` or the first field, and goes back where it was when the dialog closes.
 */
export function ModalDialog({
  labelledBy,
  describedBy,
  onClose,
  children,
  className = "",
  returnFocusTo,
}: ModalDialogProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const pressedBackdrop = useRef(false);
  const close = useRef(onClose);
  close.current = onClose;
  const fallback = useRef(returnFocusTo);
  fallback.current = returnFocusTo;

  useEffect(() => {
    const dialog = ref.current;
    if (dialog === null) return;
    const previous = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    if (!dialog.open) dialog.showModal();
    const first =
      dialog.querySelector<HTMLElement>("[data-autofocus]") ??
      dialog.querySelector<HTMLElement>(
        "input:not([disabled]), select:not([disabled]), textarea:not([disabled])",
      ) ??
      dialog.querySelector<HTMLElement>(FOCUSABLE);
    first?.focus();
    // Escape: the dialog's own 'cancel'; the parent decides (it unmounts us).
    const onCancel = (event: Event) => {
      event.preventDefault();
      close.current();
    };
    dialog.addEventListener("cancel", onCancel);
    return () => {
      dialog.removeEventListener("cancel", onCancel);
      if (dialog.open) dialog.close();
      if (previous?.isConnected) previous.focus();
      else fallback.current?.()?.focus();
    };
  }, []);

  // Browsers keep focus in a modal dialog but let Tab wander to their own toolbar: wrap it instead.
  function keepFocusInside(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== "Tab" || ref.current === null) return;
    const focusable = [...ref.current.querySelectorAll<HTMLElement>(FOCUSABLE)];
    const first = focusable[0];
    const last = focusable[focusable.length - 1];
    if (first === undefined || last === undefined) return;
    if (event.shiftKey && document.activeElement === first) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  }

  return (
    <dialog
      ref={ref}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      onKeyDown={keepFocusInside}
      onMouseDown={(event) => {
        pressedBackdrop.current = event.target === ref.current;
      }}
      onClick={(event) => {
        // A press on the backdrop lands on the <dialog> itself, outside its content box (a text
        // selection that merely ends there does not count).
        if (pressedBackdrop.current && event.target === ref.current) close.current();
      }}
      className={className}
    >
      {children}
    </dialog>
  );
}

/** A modal dialog with a title, a close button and the app's frame (ModalDialog's manners). */
export function Dialog({
  title,
  onClose,
  children,
  description,
  className = "",
  returnFocusTo,
}: DialogProps) {
  const titleId = useId();
  const descriptionId = useId();
  return (
    <ModalDialog
      labelledBy={titleId}
      describedBy={description === undefined ? undefined : descriptionId}
      onClose={onClose}
      returnFocusTo={returnFocusTo}
      className={`m-auto max-h-[calc(100dvh-2rem)] w-[calc(100%-1.5rem)] max-w-md overflow-y-auto rounded-2xl bg-white p-0 text-gray-900 shadow-xl backdrop:bg-black/50 ${className}`}
    >
      <div className="p-5 sm:p-6">
        <div className="flex items-start justify-between gap-3">
          <h2 id={titleId} className="pt-2 text-lg font-semibold sm:text-xl">
            {title}
          </h2>
          <button
            type="button"
            className="icon-button -mt-1 -mr-2 shrink-0"
            aria-label={messages.web.close}
            onClick={onClose}
          >
            <X aria-hidden="true" size={20} />
          </button>
        </div>
        {description !== undefined && (
          <p id={descriptionId} className="mt-1 text-sm text-gray-600">
            {description}
          </p>
        )}
        <div className="mt-4">{children}</div>
      </div>
    </ModalDialog>
  );
}
