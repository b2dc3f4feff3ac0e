import {
  type ChatBlockedRoom,
  type ChatGateway,
  type ChatMessage,
  type ChatRoom,
  type ChatRoomSummary,
  type ImageUpload,
  mapResult,
  type Result,
} from "@katale/domain";
import { chatCalls } from "../contract/chat.js";
import type { HttpClient } from "../http/http-client.js";
import { toChatBlockedRoom, toChatMessage, toChatRoom, toChatRoomSummary } from "./chat-wire-mapping.js";

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

  async removeRoom(token: string, slug: string): Promise<Result<void>> {
    const answer = await this.http.call(chatCalls.removeRoom, { token, params: { slug } });
    return mapResult(answer, () => undefined);
  }

  async sendPhoto(token: string, slug: string, image: ImageUpload): Promise<Result<ChatMessage>> {
    const answer = await this.http.call(chatCalls.sendPhoto, { token, params: { slug }, form: { image } });
    return mapResult(answer, (body) => toChatMessage(body.data));
  }

  async blockRoom(token: string, slug: string): Promise<Result<void>> {
    const answer = await this.http.call(chatCalls.block, { token, params: { slug } });
    return mapResult(answer, () => undefined);
  }

  async unblockRoom(token: string, slug: string): Promise<Result<void>> {
    const answer = await this.http.call(chatCalls.unblock, { token, params: { slug } });
    return mapResult(answer, () => undefined);
  }

  async listBlockedRooms(token: string): Promise<Result<ChatBlockedRoom[]>> {
    const answer = await this.http.call(chatCalls.blockedRooms, { token });
    return mapResult(answer, (body) => body.data.map(toChatBlockedRoom));
  }
}
