import { type ComponentType, lazy } from "react";

// With data saver the server sends `/` with the first screen's styles only (first-screen-styles.ts in
// the web package) and names the whole stylesheet in `<meta name="app-styles">`. It is loaded, once,
// before anything the first visit did not load shows: a screen, a section below the first screen, a
// popup. Without the meta the page came with every style and there is nothing to wait for.

let loading: Promise<void> | undefined;

/** Resolves once the app's whole stylesheet applies (at once when the page came with it). */
export function allStyles(doc: Document = document): Promise<void> {
  const href = doc.querySelector<HTMLMetaElement>('meta[name="app-styles"]')?.content;
  if (!href) return Promise.resolve();
  loading ??= new Promise((resolve) => {
    const link = doc.createElement("link");
    link.rel = "stylesheet";
    link.href = href;
    // A stylesheet that cannot load (offline, not kept) leaves the screen less styled, not blank.
    link.onload = link.onerror = () => resolve();
    doc.head.append(link);
  });
  return loading;
}

/** React's `lazy`, rendered once its code and the whole stylesheet are there. */
export function lazyStyled<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  return lazy(async () => (await Promise.all([load(), allStyles()]))[0]);
}
