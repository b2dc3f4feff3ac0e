import type { AuthGateway, KeyValueStorage, UserVerificationGateway } from "@katale/domain";
import type { Prompter } from "./prompter.js";

/** What the account commands work with: the auth port, the session storage and the terminal. */
export interface AccountServices {
  readonly auth: AuthGateway;
  /** The session (token, user) in the JSON file under the config directory. */
  readonly storage: KeyValueStorage;
  /** That file's path, named in messages. */
  readonly sessionFile: string;
  readonly prompter: Prompter;
  /** `verification/user/` (`katale account verify`); left out where no command sends it (tests). */
  readonly verification?: UserVerificationGateway;
}
