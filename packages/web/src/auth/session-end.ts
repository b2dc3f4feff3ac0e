// Said on the window as logout starts, before the token is revoked: what still uses the token (the
// bell's live inbox) stops, so nothing asks the service with a token it is about to refuse.
export const SESSION_END = "katale:session-end";
