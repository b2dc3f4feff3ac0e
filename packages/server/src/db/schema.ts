import type { VerificationStatus } from "@katale/domain";
import type { ColumnType, Generated, Insertable, Selectable, Updateable } from "kysely";

// The tables of spec §3 as Kysely sees them. Money is integer UGX (bigint, read back as string by
// the pg driver, so repositories convert); ratings are stored 0–10; timestamps are timestamptz.

type Timestamp = ColumnType<Date, Date | string | undefined, Date | string>;
type NullableTimestamp = ColumnType<Date | null, Date | string | null | undefined, Date | string | null>;
type BigIntColumn = ColumnType<string | number, number | bigint | string, number | bigint | string>;

export type Role = "user" | "admin";
/** The domain's verification statuses, stored as text. */
export type { VerificationStatus };
export type CodePurpose = "signup" | "reset" | "email_change";
export type RequestStatus = "PENDING" | "VERIFIED" | "REJECTED";

export interface UsersTable {
  id: Generated<number>;
  email: string;
  phone: string;
  name: string;
  password_hash: string;
  date_of_birth: string | null;
  country: string | null;
  gender: "male" | "female" | null;
  profile_picture: string | null;
  verification_status: Generated<VerificationStatus>;
  email_verified: Generated<boolean>;
  role: Generated<Role>;
  created_at: Generated<Timestamp>;
  deleted_at: NullableTimestamp;
  /** Suspended by moderators (migration 0024): no login, no session. */
  suspended: Generated<boolean>;
}

export interface AuthTokensTable {
  id: Generated<number>;
  user_id: number;
  token_hash: string;
  created_at: Generated<Timestamp>;
  last_used_at: NullableTimestamp;
  revoked_at: NullableTimestamp;
}

export interface OneTimeCodesTable {
  id: Generated<number>;
  user_id: number;
  purpose: CodePurpose;
  code_hash: string;
  /** The live code itself, to send it again while it lives (migration 0029); null once used or replaced. */
  code: string | null;
  new_email: string | null;
  attempts: Generated<number>;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Timestamp>;
}

/** Codes sent to one account on one day (UTC): the daily bound of MF7. */
export interface CodeAllowancesTable {
  user_id: number;
  day: string;
  codes_sent: Generated<number>;
  /** Wrong codes entered for the account that day, from every address (migration 0029). */
  wrong_codes: Generated<number>;
}

/** Codes sent to an account per day at the request of one address (migration 0028). */
export interface CodeAllowanceAddressesTable {
  user_id: number;
  day: string;
  address: string;
  codes_sent: Generated<number>;
  /** Wrong codes entered for the account that day from this address (migration 0029). */
  wrong_codes: Generated<number>;
}

export interface ResetKeysTable {
  id: Generated<number>;
  user_id: number;
  key_hash: string;
  expires_at: Timestamp;
  used_at: NullableTimestamp;
  created_at: Generated<Timestamp>;
}

export interface CategoriesTable {
  id: Generated<number>;
  name: string;
  slug: string;
  image_url: string | null;
  created_at: Generated<Timestamp>;
}

export interface SubCategoriesTable {
  id: Generated<number>;
  category_id: number;
  name: string;
  slug: string;
  image_url: string | null;
  created_at: Generated<Timestamp>;
}

export interface FiltersTable {
  id: Generated<number>;
  sub_category_id: number;
  name: string;
}

export interface FilterValuesTable {
  id: Generated<number>;
  filter_id: number;
  name: string;
}

export interface ShopsTable {
  id: Generated<number>;
  owner_id: number;
  name: string;
  slug: string;
  bio: Generated<string>;
  email: string | null;
  phone: string | null;
  display_image: string | null;
  cover_image: string | null;
  verification_status: Generated<VerificationStatus>;
  location_name: string | null;
  location_latitude: number | null;
  location_longitude: number | null;
  /** Worked out by the database from the location (migration 0019); never written by the app. */
  district: Generated<string | null>;
  /** Kept by the ratings trigger: sum and count of the 0–10 ratings of all the shop's products. */
  rating_total: Generated<number>;
  rating_count: Generated<number>;
  created_at: Generated<Timestamp>;
  /** Hidden by moderators (migration 0024): out of every public read path. */
  hidden: Generated<boolean>;
}

/** A product's value of one filter of its sub category (migration 0019). */
export interface ProductFilterValuesTable {
  product_id: number;
  filter_id: number;
  value_id: number;
}

/** A user's saved browse query (migration 0019). */
export interface SavedSearchesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  query: string;
  /** The newest product id when saved or last notified: newer matches have larger ids. */
  last_product_id: number;
  created_at: Timestamp;
  /** The search as checked (find/browse-routes.ts readBrowseQuery), for matching (migration 0022). */
  ask: ColumnType<Record<string, unknown> | null, string | null | undefined, string | null>;
}

export interface ShopCategoriesTable {
  shop_id: number;
  category_id: number;
  /** 1..3: the database itself refuses a fourth category (spec §9). */
  position: number;
}

export interface ProductsTable {
  id: Generated<number>;
  shop_id: number;
  category_id: number;
  sub_category_id: number;
  name: string;
  slug: string;
  description: Generated<string>;
  price: BigIntColumn;
  in_stock: number;
  /** The owner's own key, unique within the shop (migration 0002). */
  sku: ColumnType<string | null, string | null | undefined, string | null>;
  /** Kept by a trigger on ratings: sum and count of the 0–10 ratings. */
  rating_total: Generated<number>;
  rating_count: Generated<number>;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  /** Generated column (weighted name + description), read only. */
  search_vector: ColumnType<string, never, never>;
  /** Generated column (the name alone), read only (migration 0006). */
  name_vector: ColumnType<string, never, never>;
  /** Paths of the product_images rows in position order, kept by triggers (migration 0006). */
  images: ColumnType<string[], never, never>;
  /** The product's answer as JSON text, kept by triggers (migration 0011), read only. */
  wire: ColumnType<string, never, never>;
  /** Hidden by moderators, itself or with its shop (migration 0024): listed = in stock and not hidden. */
  hidden: Generated<boolean>;
}

/** In-stock counts per listing and block of 1,024 ids, kept by statement triggers (migration 0006). */
export interface ListingBucketsTable {
  scope: "all" | "category" | "sub_category";
  scope_id: number;
  bucket: number;
  in_stock: BigIntColumn;
}

/** The same counts per block of 128 ids (migration 0012). */
export type ListingFineBucketsTable = ListingBucketsTable;

/** The words of product names that search widens a mistyped word to (migration 0006). */
export interface SearchWordsTable {
  word: string;
}

/** In-stock product counts per listing, kept by statement triggers on products. */
export interface ListingCountsTable {
  scope: "all" | "category" | "sub_category";
  scope_id: number;
  in_stock: number;
}

export interface ProductImagesTable {
  id: Generated<number>;
  product_id: number;
  position: number;
  path: string;
  width: number;
  height: number;
  /** SHA-256 (hex) of the uploaded file and of the served main file (migration 0015); null if unknown. */
  uploaded_sha256: ColumnType<string | null, string | null | undefined, string | null>;
  served_sha256: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface SavedProductsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  created_at: Generated<Timestamp>;
}

export interface BrowseHistoryTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  viewed_at: Generated<Timestamp>;
}

export interface RatingsTable {
  id: Generated<number>;
  user_id: number;
  product_id: number;
  rating: number;
  created_at: Generated<Timestamp>;
}

export interface CommentsTable {
  id: Generated<number>;
  product_id: number;
  user_id: number;
  comment: string;
  created_at: Generated<Timestamp>;
  updated_at: Generated<Timestamp>;
  /** Hidden by moderators (migration 0024). */
  hidden: Generated<boolean>;
}

export interface CommentImagesTable {
  id: Generated<number>;
  comment_id: number;
  position: number;
  path: string;
}

export interface FollowsTable {
  id: Generated<number>;
  user_id: number;
  shop_id: number;
  created_at: Generated<Timestamp>;
}

export interface NotificationsTable {
  id: Generated<number>;
  user_id: number;
  kind: string;
  fold_key: string | null;
  count: Generated<number>;
  subject: string;
  detail: ColumnType<Record<string, unknown>, string | undefined, string>;
  url: string;
  image_url: string | null;
  created_at: Generated<Timestamp>;
  read: Generated<boolean>;
}

export interface NotificationSettingsTable {
  user_id: number;
  kind: string;
  inbox: boolean;
  email: boolean;
  push: boolean;
}

export interface NotificationReceiptsTable {
  event_id: string;
  user_id: number;
  channel: string;
  created_at: Generated<Timestamp>;
  /** A push claimed and not yet answered: until when its runner may take (migration 0031). */
  pending_until: NullableTimestamp;
}

/** A room open on an instance, for the other instances' chat writes (migration 0022). */
export interface ChatPresenceTable {
  room_id: number;
  user_id: number;
  instance: string;
  until: Timestamp;
}

/** A saved search's new match, kept for the daily digest (migration 0022). */
export interface SavedSearchMatchesTable {
  search_id: number;
  product_id: number;
  user_id: number;
  found_at: Generated<Timestamp>;
  digest_day: ColumnType<string | null, string | null | undefined, string | null>;
}

export interface JobsTable {
  id: Generated<number>;
  name: string;
  data: ColumnType<Record<string, unknown>, string, string>;
  attempts: Generated<number>;
  /** Insert may leave it out (now). */
  run_after: Timestamp;
  last_error: string | null;
}

export interface ShopVerificationRequestsTable {
  id: Generated<number>;
  shop_id: number;
  requested_by: number;
  contact: string;
  /** Private file key under DATA_DIR/private, never a public URL. */
  shop_image: string | null;
  location_latitude: number | null;
  location_longitude: number | null;
  status: Generated<RequestStatus>;
  reason: string | null;
  created_at: Generated<Timestamp>;
  reviewed_at: NullableTimestamp;
}

export interface UserVerificationRequestsTable {
  id: Generated<number>;
  user_id: number;
  email: string;
  phone: string;
  nin: string;
  national_id_image: string;
  user_image: string;
  location_latitude: number | null;
  location_longitude: number | null;
  status: Generated<RequestStatus>;
  reason: string | null;
  created_at: Generated<Timestamp>;
  reviewed_at: NullableTimestamp;
}

export interface FaqsTable {
  id: Generated<number>;
  question: string;
  answer: string;
  position: number;
}

export interface FeedbackTable {
  id: Generated<number>;
  name: string;
  email: string;
  message: string;
  stars: number;
  created_at: Generated<Timestamp>;
}

export interface ChatRoomsTable {
  id: Generated<number>;
  slug: string;
  customer_id: number;
  shop_id: number;
  created_at: Generated<Timestamp>;
  last_message_at: NullableTimestamp;
  /** When each side last read the room (migration 0005): unread = the other's messages after it. */
  customer_last_read_at: NullableTimestamp;
  owner_last_read_at: NullableTimestamp;
}

export interface ChatMessagesTable {
  id: Generated<number>;
  room_id: number;
  sender_id: number;
  message: string;
  product_id: number | null;
  /** A photo's host path (/media/chat/...), migration 0008. */
  image: string | null;
  created_at: Timestamp;
  /** Hidden by moderators (migration 0024): only its sender still sees it. */
  hidden: Generated<boolean>;
  /** The sender's own id for it (a UUID, migration 0027): one message per sender and id. */
  client_id: string | null;
}

/** Idempotency keys of creating calls, kept 24 hours (migration 0016, http/idempotency.ts). */
export interface IdempotencyKeysTable {
  user_id: number;
  key: string;
  request_hash: string;
  /** The first answer; null while the first request is being worked on. */
  status: number | null;
  body: string | null;
  started_at: Generated<Timestamp>;
  created_at: Generated<Timestamp>;
}

/** A chat room blocked by one of its two sides (0025). */
export interface ChatBlocksTable {
  room_id: number;
  blocker_id: number;
  created_at: Generated<Date>;
}

export type ModerationTarget = "product" | "shop" | "user" | "review" | "message";

/** A user's report of something (migration 0024); one open report per reporter and target. */
export interface ReportsTable {
  id: Generated<number>;
  reporter_id: number;
  target: ModerationTarget;
  target_id: number;
  reason: string;
  details: Generated<string>;
  status: Generated<"open" | "resolved">;
  action: "dismiss" | "hide" | "suspend" | null;
  note: string | null;
  resolved_by: number | null;
  resolved_at: NullableTimestamp;
  created_at: Generated<Timestamp>;
}

/** Why a target is hidden or suspended (migration 0024): one row per target while it lasts. */
export interface ModerationHoldsTable {
  target: ModerationTarget;
  target_id: number;
  kind: "hide" | "suspend";
  note: Generated<string>;
  /** Put by the reports' threshold (AUTO_HIDE_REPORTS), not by an admin. */
  automatic: Generated<boolean>;
  created_by: number | null;
  created_at: Generated<Timestamp>;
}

/** What admins did (migration 0024): append-only, the database refuses UPDATE and DELETE. */
export interface AuditLogTable {
  id: Generated<string>;
  actor_id: number;
  actor_name: string;
  action: string;
  target: string;
  target_id: string;
  before: ColumnType<unknown, string | null | undefined, never>;
  after: ColumnType<unknown, string | null | undefined, never>;
  address: Generated<string>;
  created_at: Generated<Timestamp>;
}

export interface Database {
  users: UsersTable;
  auth_tokens: AuthTokensTable;
  one_time_codes: OneTimeCodesTable;
  code_allowances: CodeAllowancesTable;
  code_allowance_addresses: CodeAllowanceAddressesTable;
  reset_keys: ResetKeysTable;
  categories: CategoriesTable;
  sub_categories: SubCategoriesTable;
  filters: FiltersTable;
  filter_values: FilterValuesTable;
  shops: ShopsTable;
  shop_categories: ShopCategoriesTable;
  products: ProductsTable;
  product_filter_values: ProductFilterValuesTable;
  saved_searches: SavedSearchesTable;
  listing_counts: ListingCountsTable;
  search_words: SearchWordsTable;
  listing_buckets: ListingBucketsTable;
  listing_fine_buckets: ListingFineBucketsTable;
  product_images: ProductImagesTable;
  saved_products: SavedProductsTable;
  browse_history: BrowseHistoryTable;
  ratings: RatingsTable;
  comments: CommentsTable;
  comment_images: CommentImagesTable;
  follows: FollowsTable;
  shop_verification_requests: ShopVerificationRequestsTable;
  user_verification_requests: UserVerificationRequestsTable;
  faqs: FaqsTable;
  feedback: FeedbackTable;
  chat_rooms: ChatRoomsTable;
  chat_messages: ChatMessagesTable;
  notifications: NotificationsTable;
  notification_settings: NotificationSettingsTable;
  notification_receipts: NotificationReceiptsTable;
  jobs: JobsTable;
  idempotency_keys: IdempotencyKeysTable;
  chat_presence: ChatPresenceTable;
  saved_search_matches: SavedSearchMatchesTable;
  chat_blocks: ChatBlocksTable;
  push_subscriptions: PushSubscriptionsTable;
  push_vapid_keys: PushVapidKeysTable;
  reports: ReportsTable;
  moderation_holds: ModerationHoldsTable;
  audit_log: AuditLogTable;
}

export type UserRow = Selectable<UsersTable>;
export type NewUser = Insertable<UsersTable>;
export type UserUpdate = Updateable<UsersTable>;
export type CategoryRow = Selectable<CategoriesTable>;
export type SubCategoryRow = Selectable<SubCategoriesTable>;
export type ShopRow = Selectable<ShopsTable>;
export type ProductRow = Selectable<ProductsTable>;
export type NewProduct = Insertable<ProductsTable>;

/** A browser's web push subscription (notifications/push/). */
export interface PushSubscriptionsTable {
  id: Generated<number>;
  user_id: number;
  endpoint: string;
  /** The browser's P-256 public key and auth secret, base64url, as the browser gave them. */
  p256dh: string;
  auth: string;
  created_at: Generated<Timestamp>;
}

/** The server's one VAPID key pair, base64url (notifications/push/vapid-keys.ts). */
export interface PushVapidKeysTable {
  only_one: Generated<boolean>;
  public_key: string;
  private_key: string;
  created_at: Generated<Timestamp>;
}
