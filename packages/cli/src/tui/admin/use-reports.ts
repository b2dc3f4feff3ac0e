import {
  err,
  listReports,
  type ModerationAction,
  type ModerationReport,
  moderationMessages,
  type Result,
  resolveReport,
  restoreTarget,
  type WordedError,
} from "@katale/domain";
import { useCallback, useEffect, useRef, useState } from "react";
import { adminFailureOf } from "../../admin/admin-run.js";
import { moderationCliMessages as text } from "../../moderation/moderation-cli-messages.js";
import { useTui, useTuiServices } from "../tui-context.js";
import { useFailureText } from "../use-failure-text.js";
import { infiniteFooter, useInfinite } from "../use-infinite.js";

export type ReportStatus = "open" | "resolved";

/**
 * What the moderation screens do, with the steps `katale admin reports|resolve|restore` take:
 * `resolve` (every open report on the report's target) and `restore` say how they went; `done`
 * runs after a success (the queue asks again, the details go back to it).
 */
export function useModeration(done: () => void) {
  const services = useTuiServices();
  const { say } = useTui();
  const ports = services.moderation;
  const describe = useCallback(
    (failure: WordedError) =>
      // The service's refusals (resolved already, nothing to restore) in its words, as the commands.
      failure.kind === "invalid" || failure.kind === "not-found" || failure.kind === "invalid-form"
        ? failure.message
        : adminFailureOf(failure, services.urls.shopUrl).message,
    [services],
  );
  const resolve = (report: ModerationReport, action: ModerationAction, note: string) => {
    if (ports === undefined) return;
    void resolveReport(ports, report, action, note).then((outcome: Result<ModerationReport, WordedError>) => {
      if (!outcome.ok) return say(describe(outcome.error), "error");
      const r = outcome.value;
      done();
      say(text.resolved(r.id, r.action ?? action, r.target, r.targetId, r.reportsOnTarget));
    });
  };
  const restore = (report: ModerationReport) => {
    if (ports === undefined) return;
    void restoreTarget(ports, report.target, report.targetId).then((outcome) => {
      if (!outcome.ok) return say(describe(outcome.error), "error");
      done();
      say(text.restored(moderationMessages.restored, report.target, report.targetId));
    });
  };
  return { available: ports !== undefined, describe, resolve, restore };
}

/**
 * The reports of one status, a page at a time (`loadMore`), as GET reports/ answers them: open
 * ones grouped by target, the most-reported first. Back from a report (resolved there, perhaps),
 * the list is asked again, as after `refresh`.
 */
export function useReports(status: ReportStatus) {
  const services = useTuiServices();
  const { active } = useTui();
  const describeFailure = useFailureText();
  const [round, setRound] = useState(0);
  const refresh = useCallback(() => setRound((r) => r + 1), []);
  const moderation = useModeration(refresh);
  const ports = services.moderation;
  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current) setRound((r) => r + 1);
    wasActive.current = active;
  }, [active]);
  const { describe } = moderation;
  const { state, loadMore } = useInfinite<ModerationReport>(
    async (page) => {
      if (ports === undefined) return err({ kind: "invalid" as const, message: text.noReports });
      const answer = await listReports(ports, { status, page });
      if (answer.ok) return answer;
      return err(
        answer.error.kind === "invalid-page"
          ? { kind: "invalid-page" as const }
          : { kind: "invalid" as const, message: describe(answer.error) },
      );
    },
    [ports, describe, status, round],
  );
  return {
    ...moderation,
    reports: state.items,
    failure: state.error ? describeFailure(state.error) : null,
    done: state.done,
    footer: infiniteFooter(state, services.urls, text.reportsCount),
    loadMore,
  };
}
