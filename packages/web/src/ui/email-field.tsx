import { TextField, type TextFieldProps } from "./field.js";

/** An e-mail address input: the e-mail keyboard on phones, the browser's address autofill. */
export function EmailField(props: Omit<TextFieldProps, "type" | "inputMode">) {
  return <TextField type="email" inputMode="email" autoComplete="email" {...props} />;
}
