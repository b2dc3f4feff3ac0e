import { useEffect } from "react";
import { useLocation, useNavigationType } from "react-router";

/** A new screen starts at its top; going back or forward leaves the browser's scroll alone. */
export function ScrollToTop() {
  const { pathname } = useLocation();
  const navigationType = useNavigationType();
  useEffect(() => {
    // Runs once per screen: the pathname is what marks a new one.
    if (navigationType !== "POP" && pathname !== "") window.scrollTo(0, 0);
  }, [pathname, navigationType]);
  return null;
}
