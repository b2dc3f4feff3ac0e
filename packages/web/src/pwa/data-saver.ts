import { DATA_SAVER_COOKIE } from "@katale/domain";
import { useSyncExternalStore } from "react";

// Data saver: on when the user turned it on in the account menu (kept on this device), when the
// browser asks to save data (navigator.connection.saveData, which also sends `Save-Data: on`), or
// when the server saw that header on the page (it marks <html data-save-data>). It makes pictures
// a size smaller, stops the banner's autoplay, and loads nothing the screen does not show yet.
// The switch is also kept in a cookie: the server then sends the next page's first pictures (its
// preload and skeleton) a size smaller too, as it does for `Save-Data: on`.

const KEY = "katale.dataSaver";
const listeners = new Set<() => void>();
/** The choice made on this page, for a browser whose storage refuses it. */
let choiceHere: string | null = null;

function browserSaysSaveData(): boolean {
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  return connection?.saveData === true || document.documentElement.dataset.saveData === "on";
}

function chosen(): string | null {
  try {
    return localStorage.getItem(KEY);
  } catch {
    return choiceHere;
  }
}

/** Whether data saver is on now. */
export function dataSaverOn(): boolean {
  if (typeof document === "undefined") return false;
  const choice = chosen();
  if (choice === "on") return true;
  if (choice === "off") return false;
  return browserSaysSaveData();
}

/** Turns the switch on or off on this device. */
export function setDataSaver(on: boolean): void {
  const choice = on ? "on" : "off";
  try {
    localStorage.setItem(KEY, choice);
  } catch {
    // Storage refused (private mode): the switch holds for this page only.
    choiceHere = choice;
  }
  // A year; the page's own path and below (every page), sent to this site only.
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is missing from many phones' browsers
  document.cookie = `${DATA_SAVER_COOKIE}=${choice}; path=/; max-age=31536000; samesite=lax`;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Data saver's state, re-rendering when the switch changes. */
export function useDataSaver(): boolean {
  return useSyncExternalStore(subscribe, dataSaverOn, () => false);
}
