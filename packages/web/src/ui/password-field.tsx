import { messages } from "@katale/domain";
import { Eye, EyeOff } from "lucide-react";
import { useState } from "react";
import { TextField, type TextFieldProps } from "./field.js";

/** A password input with a show/hide toggle (spec §2). */
export function PasswordField(props: Omit<TextFieldProps, "type" | "adornment">) {
  const [shown, setShown] = useState(false);
  return (
    <TextField
      {...props}
      type={shown ? "text" : "password"}
      autoCapitalize="none"
      spellCheck={false}
      adornment={
        <button
          type="button"
          className="icon-button h-11 w-11 text-gray-600"
          aria-label={shown ? messages.web.hidePassword : messages.web.showPassword}
          aria-pressed={shown}
          onClick={() => setShown((s) => !s)}
        >
          {shown ? <EyeOff aria-hidden="true" size={20} /> : <Eye aria-hidden="true" size={20} />}
        </button>
      }
    />
  );
}
