import { errorMessage, openChatWithShop } from "@katale/domain";
import { useMutation } from "@tanstack/react-query";
import { useLocation, useNavigate } from "react-router";
import { useServices } from "../app/services-context.js";
import { useLoginPrompt } from "../auth/login-prompt-context.js";
import { useSession } from "../auth/use-session.js";
import { needsLogin } from "../engagement/needs-login.js";
import { useNotice } from "../ui/notices.js";
import { withChat } from "./chat-popups.js";

// Apart from use-chat.ts: the product and shop pages show 'Message Seller' and 'Chat' on their first
// screen, and the rest of the chat (rooms, the outbox, the saved copies and the message schemas) is
// then not built while they start.

/**
 * 'Chat' and 'Message Seller': opens (or creates) the room with the shop and shows it as the
 * full-screen overlay over the current page (`?chat-room=SLUG`, with `&chat-product=SLUG` for the
 * product's card): Back or closing it leaves the shopper where they were. Visitors get the
 * login-needed popup; other refusals are said.
 */
export function useOpenChat(shopId: number, productSlug?: string) {
  const { chat, local } = useServices();
  const { loggedIn } = useSession();
  const promptLogin = useLoginPrompt();
  const notify = useNotice();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const mutation = useMutation({
    mutationFn: () => openChatWithShop({ chat, storage: local }, shopId),
    onSuccess: (answer) => {
      if (answer.ok) navigate(withChat(pathname, search, { room: answer.value, product: productSlug }));
      else if (needsLogin(answer.error)) promptLogin();
      else notify(errorMessage(answer.error), "error");
    },
    onError: () => notify(errorMessage({ kind: "network" }), "error"),
  });
  const open = () => {
    if (!loggedIn) promptLogin();
    else if (!mutation.isPending) mutation.mutate();
  };
  return { open, pending: mutation.isPending };
}
