import { blockChat, chatBlockingMessages, errorMessage, listBlockedChats, unblockChat } from "@katale/domain";
import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import { useServices } from "../app/services-context.js";
import { useNotice } from "../ui/notices.js";
import { CHATS_KEY } from "./use-chat.js";

/** The settings' "Blocked chats" list. */
export const BLOCKED_CHATS_KEY = ["chats", "blocked"] as const;

/** The rooms the user blocked, the latest first. */
export function useBlockedChats() {
  const { chat, local } = useServices();
  return useQuery({
    queryKey: BLOCKED_CHATS_KEY,
    staleTime: 0,
    queryFn: () => listBlockedChats({ chat, storage: local }),
  });
}

/**
 * Blocks or unblocks a room (`partner`: the name said when it is done); the chat list, the blocked
 * list and the room are read again, so each shows the room where it now belongs.
 */
export function useSetChatBlocked() {
  const { chat, local } = useServices();
  const queryClient = useQueryClient();
  const notify = useNotice();
  return useMutation({
    mutationFn: async (change: { slug: string; block: boolean; partner: string }) => {
      const ports = { chat, storage: local };
      return change.block ? blockChat(ports, change.slug) : unblockChat(ports, change.slug);
    },
    onSuccess: (answer, change) => {
      if (!answer.ok) {
        notify(errorMessage(answer.error), "error");
        return;
      }
      const words = chatBlockingMessages;
      notify(change.block ? words.blocked(change.partner) : words.unblocked(change.partner), "success");
      void queryClient.invalidateQueries({ queryKey: CHATS_KEY });
      void queryClient.invalidateQueries({ queryKey: ["chat-room", change.slug] });
    },
    onError: (_error, change) =>
      notify(change.block ? chatBlockingMessages.cannotBlock : chatBlockingMessages.cannotUnblock, "error"),
  });
}
