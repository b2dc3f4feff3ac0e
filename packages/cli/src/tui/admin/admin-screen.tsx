import { reportingMessages, webAdminMessages } from "@katale/domain";
import { Text } from "ink";
import { ItemList } from "../components/item-list.js";
import { ErrorLine } from "../components/status.js";
import { useTui } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";
import { useAdminCheck } from "./use-admin-check.js";

// The admin's screens (issue 10 in the terminal): the catalogue tree, the verification queue and
// the moderation of reports.

/** Admin: the catalogue, the verification requests and the reports, for admins. */
export function AdminScreen() {
  const tui = useTui();
  const check = useAdminCheck();
  if (check.state === "checking") return <Text>{tuiMessages.loading}</Text>;
  if (check.state === "no") return <ErrorLine text={check.message} />;
  return (
    <ItemList
      width={tui.width}
      height={tui.height}
      rows={[
        {
          key: "catalogue",
          text: tuiMessages.catalogueTitle,
          onOpen: () => tui.open({ screen: "admin-catalogue" }),
        },
        {
          key: "verifications",
          text: webAdminMessages.requestsTitle,
          onOpen: () => tui.open({ screen: "admin-verifications" }),
        },
        {
          key: "moderation",
          text: reportingMessages.moderation,
          onOpen: () => tui.open({ screen: "admin-reports" }),
        },
      ]}
    />
  );
}
