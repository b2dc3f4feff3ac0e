import type { KeyValueStorage } from "../session/key-value-storage.js";
import type { AuthGateway } from "./auth-gateway.js";

/** What an account step needs: the auth calls it makes, and the storage holding the session. */
export interface AccountPorts<M extends keyof AuthGateway> {
  readonly auth: Pick<AuthGateway, M>;
  readonly storage: KeyValueStorage;
}
