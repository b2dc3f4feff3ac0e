import { dirname } from "node:path";
import { PORTS } from "@katale/domain";
import { ContainerModule } from "inversify";
import { CLI_TOKENS, portsFrom, resolve } from "../cli-tokens.js";
import type { AdminCliServices } from "./admin-services.js";

/** A document with the token in the Authorization header (never in the URL). */
async function downloadDocument(url: string, token: string): Promise<Uint8Array | null> {
  try {
    const response = await globalThis.fetch(url, { headers: { authorization: `Token ${token}` } });
    return response.status === 200 ? new Uint8Array(await response.arrayBuffer()) : null;
  } catch {
    return null;
  }
}

/** The admin's ports on the stored session, and where the categories import keeps its state. */
export function adminModule(): ContainerModule {
  return new ContainerModule(({ bind }) => {
    bind<AdminCliServices>(CLI_TOKENS.admin)
      .toDynamicValue((context) => ({
        storage: resolve(context, PORTS.localStorage),
        ...portsFrom(context, ["auth", "catalogueAdmin", "verificationReview", "adminRole"]),
        stateDir: dirname(resolve(context, CLI_TOKENS.sessionFile)),
        downloadDocument,
      }))
      .inSingletonScope();
  });
}
