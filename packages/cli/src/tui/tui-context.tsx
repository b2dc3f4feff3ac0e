import { createContext, useContext, useEffect, useRef } from "react";
import type { CliServices } from "../cli-services.js";
import type { KeyHelp } from "./keymap.js";
import type { Route } from "./navigation.js";

/** Who is signed in, as the session file says. */
export interface SessionView {
  readonly name: string;
  readonly email: string;
  readonly userId: number;
}

/** What every screen works with: the services the commands use, and the shell's controls. */
export interface Tui {
  readonly services: CliServices;
  /** This screen is the one shown (screens under it keep their state, hidden, without keys). */
  readonly active: boolean;
  readonly session: SessionView | null;
  /** Reads the session file again (after login or logout). */
  refreshSession(): void;
  /** The body's size: what a screen may fill. */
  readonly width: number;
  readonly height: number;
  open(route: Route): void;
  back(): void;
  /**
   * A line for the user: a done step, a failure, or work under way ("busy", cleared with `unsay` when
   * it is done). A step or a failure shows until the next key that moves or leaves.
   */
  say(text: string, kind?: "info" | "error" | "busy"): void;
  /** Clears the line if it still says `text` (work it announced is done). */
  unsay(text: string): void;
  /**
   * A text field has the keys: the shell's own (j k q / Tab ? Backspace) go to it instead.
   * Esc is the screen's to handle.
   */
  setTyping(typing: boolean): void;
  /** The same, at once: read by the shell's key handler before the footer catches up. */
  readonly typingNow: { current: boolean };
  /** The keys the screen adds, for the footer and `?`. */
  setScreenKeys(keys: readonly KeyHelp[]): void;
  /** Tells the header how many notifications are unread (the inbox, after it loads or marks read). */
  readonly setUnread?: (unread: number) => void;
}

export const TuiContext = createContext<Tui | null>(null);

export function useTui(): Tui {
  const tui = useContext(TuiContext);
  if (tui === null) throw new Error("useTui outside the TUI");
  return tui;
}

/**
 * The services, for the feature hooks (`<feature>/use-….ts`) only: screens get data and callbacks
 * from those hooks, so how the TUI reaches its services is decided here and in the provider.
 */
export function useTuiServices(): CliServices {
  return useTui().services;
}

/** The keys this screen adds, while it is shown. */
export function useScreenKeys(keys: readonly KeyHelp[]): void {
  const { setScreenKeys, active } = useTui();
  const signature = keys.map((k) => `${k.keys}:${k.does}`).join("|");
  // biome-ignore lint/correctness/useExhaustiveDependencies: the keys' text is what matters
  useEffect(() => {
    if (!active) return;
    setScreenKeys(keys);
    return () => setScreenKeys([]);
  }, [signature, setScreenKeys, active]);
}

/** Calls `again` when the screen is shown again (back from a screen opened on top of it). */
export function useOnReturn(again: () => void): void {
  const { active } = useTui();
  const was = useRef(active);
  useEffect(() => {
    if (active && !was.current) again();
    was.current = active;
  }, [active, again]);
}

/** While `typing`, the shell's keys go to the screen's text field. */
export function useTyping(typing: boolean): void {
  const { setTyping, active, typingNow } = useTui();
  // Set while rendering: a key pressed right after this screen showed its field goes to the field.
  if (active) typingNow.current = typing;
  useEffect(() => {
    if (!active) return;
    setTyping(typing);
    return () => setTyping(false);
  }, [typing, setTyping, active]);
}
