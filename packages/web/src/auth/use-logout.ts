import { logout } from "@katale/domain";
import { useQueryClient } from "@tanstack/react-query";
import { useNavigate } from "react-router";
import { useServices } from "../app/services-context.js";
import { phoneSavedRooms } from "../chat/saved-rooms.js";
import { forgetSignedInData } from "../engagement/engagement-keys.js";
import { forgetKeptAnswers } from "../pwa/saved-copy.js";
import { SESSION_END } from "./session-end.js";

/** Logout (user menu, account menu): the token is revoked, all storage and kept copies cleared, then /login (spec §4). */
export function useLogout(): () => Promise<void> {
  const { auth, local, chatSavedRooms } = useServices();
  const navigate = useNavigate();
  const client = useQueryClient();
  return async () => {
    // The bell stops first: its next read would go out with the token being revoked (a 401).
    window.dispatchEvent(new Event(SESSION_END));
    await logout({ auth, storage: local });
    forgetSignedInData(client);
    await forgetKeptAnswers().catch(() => {});
    // The chat rooms kept for reading offline are this user's own.
    await (chatSavedRooms ?? phoneSavedRooms).forget().catch(() => {});
    // And the messages still waiting to send: nobody else may see or send them.
    await import("../chat/idb-outbox.js").then((m) => m.forgetPhoneOutbox()).catch(() => {});
    navigate("/login");
  };
}
