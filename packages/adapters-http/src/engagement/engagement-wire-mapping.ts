import type { Comment, FollowRecord, ProductRating, SavedProductEntry } from "@katale/domain";
import type { CommentWire, FollowRecordWire, SavedProductWire } from "../contract/engagement.js";
import { toProduct } from "../products/product-wire-mapping.js";

export function toComment(wire: CommentWire): Comment {
  return {
    id: wire.comment_id,
    comment: wire.comment,
    commentorName: wire.commentor_name,
    commentorProfilePicture: wire.commentor_profile_picture,
    dateCommented: wire.date_commented,
    commentImages: wire.comment_images,
    commentorId: wire.user_id,
  };
}

export function toFollowRecord(wire: FollowRecordWire): FollowRecord {
  return {
    id: wire.id,
    shop: {
      id: wire.shop.id,
      name: wire.shop.name,
      coverImage: wire.shop.cover_image,
      displayImage: wire.shop.display_image,
    },
  };
}

export function toSavedProductEntry(wire: SavedProductWire): SavedProductEntry {
  return { savedProductId: wire.saved_product_id, product: toProduct(wire.product_id) };
}

export function toProductRating(wire: {
  product_id: number;
  rating: number;
  average_rating: number;
  number_of_users_rated: number;
}): ProductRating {
  return {
    productId: wire.product_id,
    rating: wire.rating,
    averageRating: wire.average_rating,
    numberOfUsersRated: wire.number_of_users_rated,
  };
}
