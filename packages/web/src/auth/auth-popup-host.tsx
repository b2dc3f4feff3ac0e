import { Suspense } from "react";
import { useSearchParams } from "react-router";
import { lazyStyled } from "../ui/all-styles.js";

/** `?auth=login` / `?auth=register` on any page opens the login or sign-up popup over it. */
export const AUTH_POPUP_PARAM = "auth";
export type AuthPopupKind = "login" | "register";

const AuthPopup = lazyStyled(() => import("./auth-popup.js"));

/** The popup variants of /login and /register (spec §2), loaded only when one is asked for. */
export function AuthPopupHost() {
  const kind = useSearchParams()[0].get(AUTH_POPUP_PARAM);
  if (kind !== "login" && kind !== "register") return null;
  return (
    <Suspense fallback={null}>
      <AuthPopup kind={kind} />
    </Suspense>
  );
}

/** The current page with the popup asked for in its query. */
export function withAuthPopup(pathname: string, search: string, kind: AuthPopupKind): string {
  const params = new URLSearchParams(search);
  params.set(AUTH_POPUP_PARAM, kind);
  return `${pathname}?${params}`;
}
