import { dictionary } from "@zxcvbn-ts/language-common";

// zxcvbn-ts's list of about 49,000 commonly used passwords, kept up to date as a dependency. It is
// 219 KB gzipped: the server and the CLI install it (`useCommonPasswords`), the web app does not
// ship it and shows the server's refusal instead (a subpath of its own, @katale/domain/common-passwords).

let common: ReadonlySet<string> | undefined;

/** Whether `password` is on the common-passwords list (case does not matter). */
export function isCommonPassword(password: string): boolean {
  common ??= new Set(dictionary["passwords-common"]);
  return common.has(password.toLowerCase());
}
