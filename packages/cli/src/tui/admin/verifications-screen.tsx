import { adminServerMessages, type VerificationReview, webAdminMessages } from "@katale/domain";
import { Box, Text, useInput } from "ink";
import { type ReactNode, useState } from "react";
import { adminCliMessages } from "../../admin/admin-cli-messages.js";
import { truncate } from "../../output/text.js";
import { Field } from "../components/field.js";
import { ItemList, type Row } from "../components/item-list.js";
import { ErrorLine, LoadedView } from "../components/status.js";
import { useScreenKeys, useTui, useTyping } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";
import { type Status, useVerifications } from "./use-verifications.js";

/** The web's chips, pending first (the queue to work through); s shows the next. */
const STATUSES: readonly { readonly status: Status; readonly label: string }[] = [
  { status: "pending", label: webAdminMessages.chipPending },
  { status: "verified", label: webAdminMessages.chipApproved },
  { status: "rejected", label: webAdminMessages.chipRejected },
  { status: "all", label: webAdminMessages.chipAll },
];
const STATUS_WORD: Record<VerificationReview["status"], string> = {
  PENDING: webAdminMessages.statusPending,
  VERIFIED: webAdminMessages.statusVerified,
  REJECTED: webAdminMessages.statusRejected,
};

type Asking = { readonly decision: "reject" | "revoke"; readonly request: VerificationReview };

/**
 * The verification requests, a page at a time as the selection nears the end: s shows the next
 * status (pending first), a approves, x rejects with a reason, v removes a verification with a reason.
 */
export function VerificationsScreen() {
  const tui = useTui();
  const { width, height } = tui;
  const [shown, setShown] = useState(0);
  const status = STATUSES[shown] ?? STATUSES[0]!;
  const { requests, failure, done, footer, loadMore, approve, decide } = useVerifications(status.status);
  const [selected, setSelected] = useState<Row | undefined>();
  const [asking, setAsking] = useState<Asking | null>(null);
  useTyping(asking !== null);
  const current = requests.find((r) => String(r.id) === selected?.key);

  useScreenKeys(
    asking
      ? [{ keys: "Enter", does: asking.decision === "reject" ? "reject" : "remove the verification" }]
      : [
          { keys: "s", does: `show ${(STATUSES[(shown + 1) % STATUSES.length] ?? status).label}` },
          { keys: "Enter", does: "fields and documents" },
          { keys: "a", does: "approve" },
          { keys: "x", does: "reject" },
          { keys: "v", does: "remove verification" },
        ],
  );
  useInput(
    (input, key) => {
      if (asking) {
        if (key.escape) setAsking(null);
        return;
      }
      if (input === "s") return setShown((i) => (i + 1) % STATUSES.length);
      if (current === undefined) return;
      if ((input === "a" || input === "x") && current.status !== "PENDING")
        return tui.say(adminServerMessages.notPending, "error");
      if (input === "v" && current.status !== "VERIFIED")
        return tui.say(adminServerMessages.notVerified, "error");
      if (input === "a") approve(current);
      if (input === "x") setAsking({ decision: "reject", request: current });
      if (input === "v") setAsking({ decision: "revoke", request: current });
    },
    { isActive: tui.active },
  );

  const send = (reason: string) => {
    if (asking === null) return;
    const { decision, request } = asking;
    setAsking(null);
    decide(request, decision, reason);
  };

  let list: ReactNode;
  if (requests.length === 0) {
    if (failure !== null) list = <ErrorLine text={failure} />;
    else if (!done) list = <LoadedView loaded={{ state: "loading" }}>{() => null}</LoadedView>;
    else list = <Text>{adminCliMessages.noRequests}</Text>;
  } else {
    list = (
      <ItemList
        width={width}
        height={height - 1}
        active={asking === null}
        onSelect={setSelected}
        onNearEnd={loadMore}
        {...(footer ? { footer } : {})}
        rows={requests.map((r) => ({
          key: String(r.id),
          onOpen: () => tui.open({ screen: "admin-verification", requestId: r.id, title: `Request ${r.id}` }),
          text: `#${r.id} ${r.kind.padEnd(4)} ${status.status === "pending" ? "" : `${STATUS_WORD[r.status]} · `}${r.shop ? `${r.shop.name} (${r.user.name})` : `${r.user.name} <${r.user.email}>`} · ${r.submittedAt.slice(0, 10)}`,
        }))}
      />
    );
  }

  return (
    <Box flexDirection="column">
      {asking ? (
        <Box>
          <Text>
            {asking.decision === "reject"
              ? `Reason for rejecting request ${asking.request.id}: `
              : `${webAdminMessages.removeVerification} #${asking.request.id} · ${webAdminMessages.reasonForRemoval}: `}
          </Text>
          <Field onSubmit={send} />
        </Box>
      ) : (
        <Text dimColor wrap="truncate">
          {truncate(tuiMessages.verificationsHint(status.label), width)}
        </Text>
      )}
      {list}
    </Box>
  );
}
