import { PasswordInput, TextInput } from "@inkjs/ui";
import { useInput } from "ink";
import { useRef } from "react";

/** How long after Enter a field sends its value (its last keys have reported their change by then). */
export const SUBMIT_DELAY_MS = 10;

export interface FieldProps {
  readonly onSubmit: (value: string) => void;
  readonly defaultValue?: string;
  readonly placeholder?: string;
  readonly isDisabled?: boolean;
  /** A password: shown as asterisks. */
  readonly secret?: boolean;
}

/**
 * @inkjs/ui's text input, sent on Enter with its latest value. The input's own Enter reads the value
 * of its last render, so keys typed faster than a render (a paste, tmux send-keys, a busy machine)
 * could be left out; here Enter waits for the value the input reports, which holds every key.
 */
export function Field({
  onSubmit,
  defaultValue = "",
  placeholder,
  isDisabled = false,
  secret = false,
}: FieldProps) {
  const latest = useRef(defaultValue);
  const submit = useRef(onSubmit);
  submit.current = onSubmit;
  useInput(
    (_input, key) => {
      // The input reports a change once its render has run: read the value after that.
      if (key.return) setTimeout(() => submit.current(latest.current), SUBMIT_DELAY_MS);
    },
    { isActive: !isDisabled },
  );
  const onChange = (value: string) => {
    latest.current = value;
  };
  return secret ? (
    <PasswordInput isDisabled={isDisabled} {...(placeholder ? { placeholder } : {})} onChange={onChange} />
  ) : (
    <TextInput
      isDisabled={isDisabled}
      defaultValue={defaultValue}
      {...(placeholder ? { placeholder } : {})}
      onChange={onChange}
    />
  );
}
