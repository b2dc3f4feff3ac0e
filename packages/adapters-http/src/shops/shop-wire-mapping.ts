import type { FeaturedShop, Shop, ShopFollowers } from "@katale/domain";
import type { FeaturedShopWire, FollowersWire, ShopWire } from "../contract/shops.js";

export function toShop(wire: ShopWire): Shop {
  return {
    id: wire.id,
    name: wire.name,
    bio: wire.bio,
    email: wire.email,
    phone: wire.phone,
    displayImage: wire.display_image,
    coverImage: wire.cover_image,
    owner: wire.owner,
    verificationStatus: wire.verification_status,
    rating: wire.rating,
    categories: wire.category,
    locationLatitude: wire.location_latitude,
    locationLongitude: wire.location_longitude,
    ...(wire.district !== undefined ? { district: wire.district } : {}),
  };
}

export function toFeaturedShop(wire: FeaturedShopWire): FeaturedShop {
  return { shop: toShop(wire.shop), averageTotalRating: wire.average_total_rating };
}

export function toShopFollowers(wire: FollowersWire): ShopFollowers {
  return {
    numberOfFollowers: wire.shop.number_of_followers,
    followers: wire.followers.map((f) => ({ name: f.name, profilePicture: f.profile_picture })),
  };
}
