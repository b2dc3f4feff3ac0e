import { join } from "node:path";
import type { Environment } from "../config/service-urls.js";

/** The session file's name inside the config directory. */
export const SESSION_FILE_NAME = "session.json";

/**
 * Where `katale` keeps the login (token and user): `$KATALE_CONFIG_DIR/session.json` (tests, several
 * profiles), else `$XDG_CONFIG_HOME/katale/session.json`, else `~/.config/katale/session.json`.
 * Relative values are ignored, as the XDG specification says.
 */
export function sessionFilePath(env: Environment, homeDir: string): string {
  const own = env.KATALE_CONFIG_DIR?.trim();
  if (own) return join(own, SESSION_FILE_NAME);
  const xdg = env.XDG_CONFIG_HOME?.trim();
  const configHome = xdg?.startsWith("/") ? xdg : join(homeDir, ".config");
  return join(configHome, "katale", SESSION_FILE_NAME);
}
