import { describe, expect, it } from "vitest";
import { messages } from "../messages.js";
import { newPasswordField } from "./auth-fields.js";
import { isCommonPassword } from "./common-passwords.js";
import { passwordProblem, useCommonPasswords } from "./password-rules.js";

// As the server and the CLI run: with the common-passwords list installed.
useCommonPasswords(isCommonPassword);

import { registrationFormSchema } from "./register.js";

describe("password rules", () => {
  it("knows the common passwords, whatever their case", () => {
    expect(isCommonPassword("password")).toBe(true);
    expect(isCommonPassword("QWERTY123")).toBe(true);
    expect(isCommonPassword("mango tree by the lake")).toBe(false);
  });

  it("refuses only spaces, common ones, the e-mail and the phone", () => {
    const owner = { email: "Akello@Example.ug", phone: "0772123456" };
    expect(passwordProblem("        ", owner)).toBe(messages.auth.passwordBlank);
    expect(passwordProblem("password1", owner)).toBe(messages.auth.passwordCommon);
    expect(passwordProblem("akello@example.ug", owner)).toBe(messages.auth.passwordIsIdentity);
    expect(passwordProblem("+256 772 123456", owner)).toBe(messages.auth.passwordIsIdentity);
    expect(passwordProblem("0772123456", owner)).toBe(messages.auth.passwordIsIdentity);
    expect(passwordProblem("entebbe-2025", owner)).toBeNull();
  });

  it("is in the forms' schemas, so they say it before sending", () => {
    const common = newPasswordField.safeParse("iloveyou");
    expect(common.success).toBe(false);
    expect(common.error?.issues[0]?.message).toBe(messages.auth.passwordCommon);
    const form = { name: "Akello", email: "akello@example.ug", phone: "0772123456", password: "0772123456" };
    const parsed = registrationFormSchema.safeParse(form);
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues.map((i) => [i.path.join("."), i.message])).toEqual([
      ["password", messages.auth.passwordIsIdentity],
    ]);
  });
});
