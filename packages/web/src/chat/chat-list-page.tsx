import { messages } from "@katale/domain";
import { AccountFrame } from "../account/account-frame.js";
import { ChatList } from "./chat-list.js";

/** /account/chat: the signed-in user's chats (spec §2). */
export default function ChatListPage() {
  return (
    <AccountFrame title={messages.chat.chats}>
      <ChatList />
    </AccountFrame>
  );
}
