import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type TextareaHTMLAttributes,
  useId,
} from "react";

interface FieldFrameProps {
  readonly id: string;
  readonly label: string;
  readonly error?: string | undefined;
  readonly hint?: ReactNode;
  readonly children: ReactNode;
  readonly className?: string | undefined;
}

export const inputClass =
  "block h-11 w-full min-w-0 rounded-lg border border-gray-300 bg-white px-3 text-base text-gray-900 placeholder:text-gray-400 aria-invalid:border-red-600 disabled:bg-gray-100";

/** Label above, the control, then a hint or the validation message under it. */
export function FieldFrame({ id, label, error, hint, children, className = "" }: FieldFrameProps) {
  return (
    <div className={`flex flex-col gap-1 ${className}`}>
      <label htmlFor={id} className="text-sm font-medium text-gray-800">
        {label}
      </label>
      {children}
      {error ? (
        <p id={`${id}-message`} className="text-sm text-red-700">
          {error}
        </p>
      ) : hint ? (
        <p id={`${id}-message`} className="text-sm text-gray-600">
          {hint}
        </p>
      ) : null}
    </div>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, "id"> {
  readonly label: string;
  readonly error?: string | undefined;
  readonly hint?: ReactNode;
  readonly ref?: Ref<HTMLInputElement>;
  /** Extra control beside the input (e.g. a show/hide button), inside the same box. */
  readonly adornment?: ReactNode;
  readonly frameClassName?: string;
}

/** A labelled input whose validation message is tied to it (aria-invalid, aria-describedby). */
export function TextField({ label, error, hint, adornment, frameClassName, ref, ...input }: TextFieldProps) {
  const id = useId();
  const described = error || hint ? `${id}-message` : undefined;
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint} className={frameClassName}>
      <div className="relative">
        <input
          ref={ref}
          id={id}
          aria-invalid={error ? true : undefined}
          aria-describedby={described}
          className={`${inputClass} ${adornment ? "pr-12" : ""}`}
          {...input}
        />
        {adornment && <div className="absolute inset-y-0 right-0 flex items-center">{adornment}</div>}
      </div>
    </FieldFrame>
  );
}

export interface TextAreaFieldProps extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, "id"> {
  readonly label: string;
  readonly error?: string | undefined;
  readonly ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({ label, error, ref, ...textarea }: TextAreaFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error}>
      <textarea
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-message` : undefined}
        className={`${inputClass} h-auto min-h-24 py-2`}
        {...textarea}
      />
    </FieldFrame>
  );
}
