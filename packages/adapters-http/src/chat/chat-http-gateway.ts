import {
  type ChatGateway,
  type ChatRoom,
  type ChatRoomSummary,
  mapResult,
  type Result,
} from "@katale/domain";
import { chatCalls } from "../contract/index.js";
import type { HttpClient } from "../http/http-client.js";
import { toChatRoom, toChatRoomSummary } from "./chat-wire-mapping.js";

/** chat/room/... over the shared contract (issue 11). */
export class ChatHttpGateway implements ChatGateway {
  constructor(private readonly http: HttpClient) {}

  async listRooms(token: string): Promise<Result<ChatRoomSummary[]>> {
    const answer = await this.http.call(chatCalls.rooms, { token });
    return mapResult(answer, (body) => body.data.map(toChatRoomSummary));
  }

  async openRoom(token: string, shopId: number): Promise<Result<string>> {
    const answer = await this.http.call(chatCalls.getRoom, { token, params: { shopId } });
    return mapResult(answer, (body) => body.data.slug);
  }

  async loadRoom(token: string, slug: string, before?: string): Promise<Result<ChatRoom>> {
    const answer = await this.http.call(chatCalls.room, { token, params: { slug }, query: { before } });
    return mapResult(answer, (body) => toChatRoom(slug, body.data.data));
  }

  async markRead(token: string, slug: string): Promise<Result<void>> {
    const answer = await this.http.call(chatCalls.markRead, { token, params: { slug } });
    return mapResult(answer, () => undefined);
  }
}
