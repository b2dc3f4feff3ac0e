import { listChats } from "@katale/domain";
import { useSignedInList } from "../engagement/use-signed-in-list.js";
import { useTuiServices } from "../tui-context.js";

/** The signed-in user's chat rooms, newest first as the service answers them. */
export function useChats() {
  const { chat } = useTuiServices();
  return useSignedInList(() => listChats(chat!));
}
