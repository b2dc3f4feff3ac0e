import { type Ref, type SelectHTMLAttributes, useId } from "react";
import { FieldFrame, inputClass } from "./field.js";

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, "id"> {
  readonly label: string;
  readonly error?: string | undefined;
  readonly hint?: string | undefined;
  readonly placeholder: string;
  readonly options: readonly { readonly id: number; readonly name: string }[];
  readonly ref?: Ref<HTMLSelectElement>;
}

/** A labelled select with a first '--- Select ... ---' option (value ""). */
export function SelectField({ label, error, hint, placeholder, options, ref, ...select }: SelectFieldProps) {
  const id = useId();
  return (
    <FieldFrame id={id} label={label} error={error} hint={hint}>
      <select
        ref={ref}
        id={id}
        aria-invalid={error ? true : undefined}
        aria-describedby={error || hint ? `${id}-message` : undefined}
        className={inputClass}
        {...select}
      >
        <option value="">{placeholder}</option>
        {options.map((option) => (
          <option key={option.id} value={option.id}>
            {option.name}
          </option>
        ))}
      </select>
    </FieldFrame>
  );
}
