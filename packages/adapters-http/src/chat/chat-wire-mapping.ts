import type { ChatBlockedRoom, ChatMessage, ChatProduct, ChatRoom, ChatRoomSummary } from "@katale/domain";
import type { z } from "zod";
import type {
  ChatBlockedRoomWire,
  ChatMessageWire,
  ChatProductWire,
  ChatRoomSummaryWire,
  ChatRoomWire,
  chatCustomerWire,
  chatShopWire,
} from "../contract/chat.js";

export function toChatProduct(wire: ChatProductWire): ChatProduct {
  return {
    productId: wire.product_id,
    slug: wire.slug,
    productName: wire.product_name,
    price: wire.price,
    images: wire.images,
  };
}

export function toChatMessage(wire: ChatMessageWire): ChatMessage {
  return {
    ...(wire.id !== undefined && { id: wire.id }),
    message: wire.message,
    senderId: wire.sender_id,
    product: wire.product === null ? null : toChatProduct(wire.product),
    image: wire.image ?? null,
    createdAt: wire.created_at,
    ...(wire.client_id === undefined ? {} : { clientId: wire.client_id }),
  };
}

function people(wire: { customer: z.infer<typeof chatCustomerWire>; shop: z.infer<typeof chatShopWire> }) {
  return {
    customer: {
      id: wire.customer.id,
      name: wire.customer.name,
      profilePicture: wire.customer.profile_picture,
    },
    shop: {
      id: wire.shop.id,
      name: wire.shop.name,
      displayImage: wire.shop.display_image,
      owner: wire.shop.owner,
    },
  };
}

export function toChatRoom(slug: string, wire: ChatRoomWire): ChatRoom {
  return {
    slug,
    messages: wire.messages.map(toChatMessage),
    ...people(wire),
    blockedBy: wire.blocked_by ?? null,
  };
}

export function toChatRoomSummary(wire: ChatRoomSummaryWire): ChatRoomSummary {
  return {
    slug: wire.slug,
    ...people(wire),
    lastMessage: wire.last_message === null ? null : toChatMessage(wire.last_message),
    unreadCount: wire.unread_count,
  };
}

export function toChatBlockedRoom(wire: ChatBlockedRoomWire): ChatBlockedRoom {
  return { slug: wire.slug, ...people(wire), blockedAt: wire.blocked_at };
}
