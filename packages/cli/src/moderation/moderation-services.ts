import type { KeyValueStorage, ModerationGateway, ReportGateway } from "@katale/domain";

/** What `katale report` and the admins' moderation commands work with, on the stored session. */
export interface ModerationCliServices {
  readonly storage: KeyValueStorage;
  readonly reports: ReportGateway;
  readonly moderation: ModerationGateway;
}
