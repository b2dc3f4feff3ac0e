import { ok, type Result } from "../result.js";
import type { BrowseHistory, BrowseHistoryGateway } from "./browse-history-gateway.js";
import type { SessionPorts } from "./signed-in.js";
import { signedInToken } from "./signed-in.js";

export interface BrowseHistoryPorts extends SessionPorts {
  readonly browseHistory: Pick<BrowseHistoryGateway, "recordView" | "listHistory">;
}

/**
 * Records that the signed-in user viewed a product; a visitor has no history, so nothing is sent
 * (answers whether the view was recorded).
 */
export async function recordProductView(
  ports: SessionPorts & { readonly browseHistory: Pick<BrowseHistoryGateway, "recordView"> },
  productId: number,
): Promise<Result<boolean>> {
  const token = signedInToken(ports.storage);
  if (!token.ok) return ok(false);
  const answer = await ports.browseHistory.recordView(token.value, productId);
  return answer.ok ? ok(true) : answer;
}

/** /account/shop-history and 'Browse history': most recent first. */
export async function listBrowseHistory(
  ports: SessionPorts & { readonly browseHistory: Pick<BrowseHistoryGateway, "listHistory"> },
): Promise<Result<BrowseHistory>> {
  const token = signedInToken(ports.storage);
  if (!token.ok) return token;
  return ports.browseHistory.listHistory(token.value);
}
