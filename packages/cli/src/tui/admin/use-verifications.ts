import {
  adminServerMessages,
  err,
  type Result,
  type VerificationReview,
  type VerificationReviewQuery,
  type WordedError,
} from "@katale/domain";
import { approveVerification, decideWithReason, listVerificationRequests } from "@katale/domain/admin";
import { useCallback, useEffect, useRef, useState } from "react";
import { adminFailureOf } from "../../admin/admin-run.js";
import { useTui, useTuiServices } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";
import { useFailureText } from "../use-failure-text.js";
import { infiniteFooter, useInfinite } from "../use-infinite.js";

export type Status = NonNullable<VerificationReviewQuery["status"]>;

/**
 * The verification requests of one status, a page at a time (`loadMore`); `approve` and `decide`
 * say how they went and show the list again.
 */
export function useVerifications(status: Status) {
  const services = useTuiServices();
  const { say, active } = useTui();
  const admin = services.admin!;
  const describeFailure = useFailureText();
  const describe = useCallback(
    (failure: WordedError) => adminFailureOf(failure, services.urls.shopUrl).message,
    [services],
  );
  const [round, setRound] = useState(0);
  // Back from a request (decided there, perhaps): the list is asked again.
  const wasActive = useRef(active);
  useEffect(() => {
    if (active && !wasActive.current) setRound((r) => r + 1);
    wasActive.current = active;
  }, [active]);
  const { state, loadMore } = useInfinite<VerificationReview>(
    async (page) => {
      const answer = await listVerificationRequests(admin, { status, kind: "all", page });
      if (answer.ok) return answer;
      // Past the last page ends the list; any other failure is shown in the admin commands' words.
      return err(
        answer.error.kind === "invalid-page"
          ? { kind: "invalid-page" as const }
          : { kind: "invalid" as const, message: describe(answer.error) },
      );
    },
    [admin, describe, status, round],
  );

  const decided = (outcome: Result<VerificationReview, WordedError>, said: string) => {
    if (!outcome.ok) return say(describe(outcome.error), "error");
    say(`${said}: request ${outcome.value.id} is ${outcome.value.status}.`);
    setRound((r) => r + 1);
  };
  const approve = (request: VerificationReview) =>
    void approveVerification(admin, request.id).then((o) => decided(o, adminServerMessages.approved));
  const decide = (request: VerificationReview, decision: "reject" | "revoke", reason: string) =>
    void decideWithReason(admin, request.id, decision, reason).then((o) =>
      decided(o, decision === "reject" ? adminServerMessages.rejected : adminServerMessages.revoked),
    );

  return {
    requests: state.items,
    failure: state.error ? describeFailure(state.error) : null,
    done: state.done,
    footer: infiniteFooter(state, services.urls, tuiMessages.requestsCount),
    loadMore,
    approve,
    decide,
  };
}
