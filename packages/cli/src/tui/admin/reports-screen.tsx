import { actionFits, type ModerationAction, type ModerationReport, reportingMessages } from "@katale/domain";
import { Box, Text, useInput } from "ink";
import { type ReactNode, useState } from "react";
import { moderationCliMessages as text } from "../../moderation/moderation-cli-messages.js";
import { truncate } from "../../output/text.js";
import { Field } from "../components/field.js";
import { ItemList, type Row } from "../components/item-list.js";
import { ErrorLine, LoadedView } from "../components/status.js";
import type { KeyHelp } from "../keymap.js";
import { useScreenKeys, useTui, useTyping } from "../tui-context.js";
import { type ReportStatus, useModeration, useReports } from "./use-reports.js";

// The admins' moderation in the terminal: the queue of reports and one report's details, resolved
// (dismiss, hide, suspend, with a note) or restored with the steps `katale admin` uses.

const STATUSES: readonly { readonly status: ReportStatus; readonly label: string }[] = [
  { status: "open", label: reportingMessages.tabOpen },
  { status: "resolved", label: reportingMessages.tabResolved },
];

/** The action a key asks for: d dismiss, h hide, u suspend. */
const ACTION_KEYS: Readonly<Record<string, ModerationAction>> = { d: "dismiss", h: "hide", u: "suspend" };

export type Asking = { readonly action: ModerationAction; readonly report: ModerationReport };

const when = (iso: string) => iso.slice(0, 16).replace("T", " ");

/** A report's line under its target: its id and reason, once resolved how, its reporter, when, details. */
function reportLine(r: ModerationReport): string {
  const parts = [`#${r.id} ${reportingMessages.reasons[r.reason]}`];
  if (r.status === "resolved")
    parts.push(reportingMessages.resolvedAs(r.action ? reportingMessages.actions[r.action] : "", r.note));
  parts.push(r.reporter.name, when(r.createdAt));
  if (r.details) parts.push(r.details.replace(/\s+/g, " "));
  return `  ${parts.join(" · ")}`;
}

/** The keys of a report: resolving an open one, restoring what a resolved one hid or suspended. */
export function reportKeys(report: ModerationReport | undefined): KeyHelp[] {
  if (report === undefined) return [];
  if (report.status === "open")
    return Object.entries(ACTION_KEYS)
      .filter(([, action]) => actionFits(action, report.target))
      .map(([keys, action]) => ({ keys, does: `${action} (every open report on the ${report.target})` }));
  return report.action === "hide" || report.action === "suspend" ? [{ keys: "r", does: "restore" }] : [];
}

/**
 * A key on a report: d/h/u ask for the note of that action (an open report, an action that fits its
 * target), r restores. Says why when the key does not apply.
 */
export function useReportKey(
  setAsking: (asking: Asking) => void,
  restore: (report: ModerationReport) => void,
) {
  const tui = useTui();
  return (input: string, report: ModerationReport) => {
    const action = ACTION_KEYS[input];
    if (action !== undefined) {
      if (report.status !== "open") return tui.say(text.notOpen, "error");
      if (!actionFits(action, report.target))
        return tui.say(text.actionDoesNotFit(action, report.target), "error");
      return setAsking({ action, report });
    }
    if (input === "r") {
      if (report.status !== "resolved" || report.action === "dismiss" || report.action === null)
        return tui.say(text.nothingToRestore, "error");
      restore(report);
    }
  };
}

/** The note's line: what it is for; Enter sends the action, Esc leaves it. */
export function NoteLine({ asking, onNote }: { asking: Asking; onNote: (note: string) => void }) {
  const { report, action } = asking;
  return (
    <Box>
      <Text>{text.notePrompt(reportingMessages.actions[action], report.target, report.targetId)}</Text>
      <Field onSubmit={onNote} />
    </Box>
  );
}

/**
 * The reports queue: open ones under their target, the most-reported target first (as the service
 * answers them), a page at a time as the selection nears the end; s shows the resolved ones.
 */
export function ReportsScreen() {
  const tui = useTui();
  const { width, height } = tui;
  const [shown, setShown] = useState(0);
  const status = STATUSES[shown] ?? STATUSES[0]!;
  const { reports, failure, done, footer, loadMore, resolve, restore } = useReports(status.status);
  const [selected, setSelected] = useState<Row | undefined>();
  const [asking, setAsking] = useState<Asking | null>(null);
  useTyping(asking !== null);
  const current = reports.find((r) => String(r.id) === selected?.key);
  const onKey = useReportKey(setAsking, restore);

  useScreenKeys(
    asking
      ? [{ keys: "Enter", does: `${asking.action} with this note` }]
      : [
          {
            keys: "s",
            does: `show ${(STATUSES[(shown + 1) % STATUSES.length] ?? status).label.toLowerCase()}`,
          },
          { keys: "Enter", does: "the report's details" },
          ...reportKeys(current),
        ],
  );
  useInput(
    (input, key) => {
      if (asking) {
        if (key.escape) setAsking(null);
        return;
      }
      if (input === "s") return setShown((i) => (i + 1) % STATUSES.length);
      if (current !== undefined) onKey(input, current);
    },
    { isActive: tui.active },
  );

  let list: ReactNode;
  if (reports.length === 0) {
    if (failure !== null) list = <ErrorLine text={failure} />;
    else if (!done) list = <LoadedView loaded={{ state: "loading" }}>{() => null}</LoadedView>;
    else
      list = (
        <Text>
          {status.status === "open" ? reportingMessages.noOpenReports : reportingMessages.noResolvedReports}
        </Text>
      );
  } else {
    const rows: Row[] = [];
    let target = "";
    for (const r of reports) {
      const key = `${r.target}:${r.targetId}`;
      if (key !== target) {
        target = key;
        rows.push({
          key: `target-${key}-${r.id}`,
          heading: true,
          text: text.targetHeading(
            reportingMessages.targetKind(r.target),
            r.targetId,
            r.preview.title,
            r.reportsOnTarget,
          ),
        });
      }
      rows.push({
        key: String(r.id),
        text: reportLine(r),
        onOpen: () => tui.open({ screen: "admin-report", report: r, title: text.reportTitle(r.id) }),
      });
    }
    list = (
      <ItemList
        width={width}
        height={height - 1}
        active={asking === null}
        onSelect={setSelected}
        onNearEnd={loadMore}
        {...(footer ? { footer } : {})}
        rows={rows}
      />
    );
  }

  return (
    <Box flexDirection="column">
      {asking ? (
        <NoteLine
          asking={asking}
          onNote={(note) => {
            setAsking(null);
            resolve(asking.report, asking.action, note);
          }}
        />
      ) : (
        <Text dimColor wrap="truncate">
          {truncate(text.queueHint(status.label), width)}
        </Text>
      )}
      {list}
    </Box>
  );
}

/** One report: its target, reason, details, reporter and state; the queue's keys act on it. */
export function ReportScreen({ report }: { report: ModerationReport }) {
  const tui = useTui();
  const { width, height } = tui;
  const { resolve, restore } = useModeration(() => tui.back());
  const [asking, setAsking] = useState<Asking | null>(null);
  useTyping(asking !== null);
  const onKey = useReportKey(setAsking, restore);
  useScreenKeys(asking ? [{ keys: "Enter", does: `${asking.action} with this note` }] : reportKeys(report));
  useInput(
    (input, key) => {
      if (asking) {
        if (key.escape) setAsking(null);
        return;
      }
      onKey(input, report);
    },
    { isActive: tui.active },
  );
  return (
    <Box flexDirection="column">
      {asking ? (
        <NoteLine
          asking={asking}
          onNote={(note) => {
            setAsking(null);
            resolve(asking.report, asking.action, note);
          }}
        />
      ) : null}
      <ItemList
        width={width}
        height={height - (asking ? 1 : 0)}
        active={asking === null}
        rows={reportDetailLines(report).map((line, i) => ({ key: String(i), text: line }))}
      />
    </Box>
  );
}

/** The lines of a report's details, as the web's moderation card shows them. */
export function reportDetailLines(r: ModerationReport): string[] {
  const lines = [
    `${reportingMessages.targetKind(r.target)}: ${r.preview.title}`,
    text.detailTarget(r.target, r.targetId),
  ];
  if (r.preview.url) lines.push(text.detailLink(r.preview.url));
  if (r.preview.imageUrl) lines.push(text.detailPicture(r.preview.imageUrl));
  lines.push(text.detailReason(reportingMessages.reasons[r.reason]));
  if (r.details) lines.push(text.detailDetails(r.details));
  lines.push(text.detailReporter(r.reporter.name, r.reporter.id, when(r.createdAt)));
  lines.push(reportingMessages.reportsOnTarget(r.reportsOnTarget));
  lines.push(
    text.detailStatus(
      r.status === "open"
        ? reportingMessages.tabOpen
        : reportingMessages.resolvedAs(r.action ? reportingMessages.actions[r.action] : "", r.note),
    ),
  );
  return lines;
}
