import { TextField, type TextFieldProps } from "./field.js";

export interface PhoneFieldProps extends Omit<TextFieldProps, "type" | "inputMode" | "maxLength"> {
  /** The longest number the form takes (spec §5: 10 at sign-up, 14 on the profile). */
  readonly maxLength: number;
}

/** A phone number input: the dial pad on phones, the browser's number autofill. */
export function PhoneField(props: PhoneFieldProps) {
  return <TextField type="tel" inputMode="tel" autoComplete="tel" {...props} />;
}
