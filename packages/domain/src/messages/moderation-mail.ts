import type { ReportTarget } from "../moderation/report.js";

// The e-mails telling an owner that moderation hid, suspended or restored something of theirs. Only
// the server sends them; apart from `messages` so that no screen of the web app loads them.

/** What the e-mail is about, as the owner knows it. */
export type ModeratedThing = { target: Exclude<ReportTarget, "user">; name: string };

function what({ target, name }: ModeratedThing): string {
  switch (target) {
    case "product":
      return `your product "${name}"`;
    case "shop":
      return `your shop "${name}"`;
    case "review":
      return `your review of "${name}"`;
    case "message":
      return `your chat message "${name}"`;
  }
}

const capital = (text: string) => text.charAt(0).toUpperCase() + text.slice(1);

export const moderationMailMessages = {
  hiddenSubject: (thing: ModeratedThing) => `${capital(what(thing))} is hidden on Katale`,
  suspendedSubject: (thing: ModeratedThing) => `${capital(what(thing))} is suspended on Katale`,
  restoredSubject: (thing: ModeratedThing) => `${capital(what(thing))} is visible again on Katale`,
  autoHidden: (thing: ModeratedThing) =>
    `Several people reported ${what(thing)}, so we have hidden it until our team has looked at the reports.`,
  reasons: (reasons: readonly string[]) => `They reported it as: ${reasons.join("; ")}.`,
  autoNext:
    "Our team will look at the reports soon and either show it again or keep it hidden; we will e-mail you either way. Until then other people cannot see it.",
  hiddenByTeam: (thing: ModeratedThing) =>
    `Our team has looked at the reports about ${what(thing)} and hidden it.`,
  suspendedByTeam: (thing: ModeratedThing) =>
    `Our team has looked at the reports about ${what(thing)} and suspended it: its products are hidden, and you cannot list or change products while it is suspended.`,
  note: (note: string) => `Our team's note: ${note}`,
  teamNext: (contactUrl: string) =>
    `It stays hidden from other people. If you think this is a mistake, write to us: ${contactUrl}`,
  restored: (thing: ModeratedThing) =>
    `Our team has looked at ${what(thing)} again: everyone can see it again.`,
  open: (url: string) => `See it on Katale: ${url}`,
  openLink: "See it on Katale",
} as const;
