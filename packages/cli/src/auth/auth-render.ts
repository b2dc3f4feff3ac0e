import type { CurrentUser } from "@katale/domain";
import { NONE } from "../output/formatting.js";
import { lines } from "../output/text.js";

/** `katale whoami`: who the stored session belongs to, as the service knows them now. */
export function renderCurrentUser(current: CurrentUser, sessionFile: string): string {
  const { user } = current;
  const row = (name: string, value: string | null) => `${`${name}:`.padEnd(15)} ${value ?? NONE}`;
  return lines(
    `${user.name} <${user.email}>`,
    row("Phone", user.phone),
    row("Country", user.country),
    row("Date of birth", user.dateOfBirth),
    row("Gender", user.gender),
    row("Verification", user.verificationStatus),
    current.isAdmin && row("Role", "admin"),
    row("Session", sessionFile),
  );
}
