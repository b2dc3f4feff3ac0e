import { adminServerMessages, webAdminMessages } from "@katale/domain";
import { Box, Text, useInput } from "ink";
import { useState } from "react";
import { verificationDetailLines } from "../../admin/verification-detail.js";
import { Field } from "../components/field.js";
import { ItemList } from "../components/item-list.js";
import { LoadedView } from "../components/status.js";
import { useScreenKeys, useTui, useTyping } from "../tui-context.js";
import { useVerificationDetail } from "./use-verification-detail.js";

/**
 * One verification request, as `katale admin show` prints it: its fields and documents; a approves,
 * x rejects with a reason, v removes a verification with a reason. Esc goes back to the list.
 */
export function VerificationScreen({ requestId }: { requestId: number }) {
  const tui = useTui();
  const { width, height } = tui;
  const { request, approve, decide, shopUrl } = useVerificationDetail(requestId);
  const [asking, setAsking] = useState<"reject" | "revoke" | null>(null);
  useTyping(asking !== null);
  const status = request.state === "ok" ? request.value.status : null;

  useScreenKeys(
    asking
      ? [{ keys: "Enter", does: asking === "reject" ? "reject" : "remove the verification" }]
      : [
          ...(status === "PENDING"
            ? [
                { keys: "a", does: "approve" },
                { keys: "x", does: "reject" },
              ]
            : []),
          ...(status === "VERIFIED" ? [{ keys: "v", does: "remove verification" }] : []),
        ],
  );
  useInput(
    (input, key) => {
      if (asking) {
        if (key.escape) setAsking(null);
        return;
      }
      if (status === null) return;
      if ((input === "a" || input === "x") && status !== "PENDING")
        return tui.say(adminServerMessages.notPending, "error");
      if (input === "v" && status !== "VERIFIED") return tui.say(adminServerMessages.notVerified, "error");
      if (input === "a") approve();
      if (input === "x") setAsking("reject");
      if (input === "v") setAsking("revoke");
    },
    { isActive: tui.active },
  );

  return (
    <LoadedView loaded={request}>
      {(r) => (
        <Box flexDirection="column">
          {asking ? (
            <Box>
              <Text>
                {asking === "reject"
                  ? `Reason for rejecting request ${r.id}: `
                  : `${webAdminMessages.removeVerification} #${r.id} · ${webAdminMessages.reasonForRemoval}: `}
              </Text>
              <Field
                onSubmit={(reason) => {
                  setAsking(null);
                  decide(asking, reason);
                }}
              />
            </Box>
          ) : null}
          <ItemList
            width={width}
            height={height - (asking ? 1 : 0)}
            active={asking === null}
            rows={verificationDetailLines(r, shopUrl, false).map((line, i) => ({
              key: String(i),
              text: line,
            }))}
          />
        </Box>
      )}
    </LoadedView>
  );
}
