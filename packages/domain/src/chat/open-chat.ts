import { type SessionPorts, signedInToken } from "../engagement/signed-in.js";
import type { Result } from "../result.js";
import type { ChatGateway } from "./chat-gateway.js";

// Apart from the other chat use cases (chat.ts): a product's and a shop's pages offer 'Message
// Seller' and 'Chat', and this alone does not bring the chat's message rules (and their schemas)
// into those pages' start-up.

export interface ChatPorts extends SessionPorts {
  readonly chat: ChatGateway;
}

/** 'Chat' on a shop page, 'Message Seller' on a product page: the room's slug. */
export async function openChatWithShop(ports: ChatPorts, shopId: number): Promise<Result<string>> {
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  return ports.chat.openRoom(token.value, shopId);
}
