import type {
  BrowseHistoryGateway,
  FollowGateway,
  KeyValueStorage,
  RatingGateway,
  ReviewGateway,
  SavedProductGateway,
} from "@katale/domain";

/** What the engagement commands work with: their ports and the session the `login` command stored. */
export interface EngagementServices {
  readonly storage: KeyValueStorage;
  readonly savedProducts: SavedProductGateway;
  readonly follows: FollowGateway;
  readonly ratings: RatingGateway;
  readonly reviews: ReviewGateway;
  readonly browseHistory: BrowseHistoryGateway;
}
