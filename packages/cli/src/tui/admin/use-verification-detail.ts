import type { Result, VerificationReview, WordedError } from "@katale/domain";
import { adminServerMessages } from "@katale/domain";
import { approveVerification, decideWithReason } from "@katale/domain/admin";
import { useCallback, useEffect, useState } from "react";
import { adminFailureOf } from "../../admin/admin-run.js";
import { loadVerificationRequest } from "../../admin/verification-detail.js";
import { useTui, useTuiServices } from "../tui-context.js";
import type { Loaded } from "../use-load.js";

/**
 * One verification request as `katale admin show` has it (asked of the service afresh); `approve`
 * and `decide` say how they went and, once decided, go back to the list.
 */
export function useVerificationDetail(requestId: number) {
  const services = useTuiServices();
  const tui = useTui();
  const admin = services.admin!;
  const describe = useCallback(
    (failure: WordedError) => adminFailureOf(failure, services.urls.shopUrl).message,
    [services],
  );
  const [request, setRequest] = useState<Loaded<VerificationReview>>({ state: "loading" });
  useEffect(() => {
    void loadVerificationRequest(admin, requestId).then((answer) =>
      setRequest(
        answer.ok
          ? { state: "ok", value: answer.value }
          : { state: "failed", message: describe(answer.error) },
      ),
    );
  }, [admin, requestId, describe]);

  const decided = (outcome: Result<VerificationReview, WordedError>, said: string) => {
    if (!outcome.ok) return tui.say(describe(outcome.error), "error");
    tui.back();
    tui.say(`${said}: request ${outcome.value.id} is ${outcome.value.status}.`);
  };
  const approve = () =>
    void approveVerification(admin, requestId).then((o) => decided(o, adminServerMessages.approved));
  const decide = (decision: "reject" | "revoke", reason: string) =>
    void decideWithReason(admin, requestId, decision, reason).then((o) =>
      decided(o, decision === "reject" ? adminServerMessages.rejected : adminServerMessages.revoked),
    );
  return { request, approve, decide, shopUrl: services.urls.shopUrl };
}
