import { LoaderCircle } from "lucide-react";
import type { ReactNode } from "react";

/** A form's submit button: disabled and spinning while busy, with `busyLabel` read out then. */
export function SubmitButton({
  busy,
  disabled,
  children,
  busyLabel,
  className = "w-full",
}: {
  busy: boolean;
  disabled?: boolean;
  children: ReactNode;
  busyLabel?: string;
  className?: string;
}) {
  return (
    <button type="submit" className={`btn-primary ${className}`} disabled={busy || disabled} aria-busy={busy}>
      {busy && <LoaderCircle aria-hidden="true" size={18} className="animate-spin" />}
      {busy && busyLabel ? busyLabel : children}
    </button>
  );
}
