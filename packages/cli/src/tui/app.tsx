import { Box, Text, useApp, useInput, useStdin, useStdout } from "ink";
import { type ReactNode, useCallback, useEffect, useMemo, useRef, useState } from "react";
import type { CliServices } from "../cli-services.js";
import { notificationCliMessages } from "../notifications/notification-cli-messages.js";
import { truncate } from "../output/text.js";
import { AccountScreen, LoginScreen } from "./account/account-screens.js";
import { useIsAdmin } from "./admin/use-admin-check.js";
import {
  CategoriesScreen,
  SubCategoriesScreen,
  SubCategoryProductsScreen,
} from "./catalogue/categories-screens.js";
import { HomeScreen } from "./home/home-screen.js";
import { KeyPacer } from "./key-pacer.js";
import { actionOf, type KeyHelp, SHARED_KEYS } from "./keymap.js";
import { routeScreens, sectionScreens } from "./more-screens.js";
import {
  back,
  current,
  type Navigation,
  push,
  type Route,
  SECTION_TITLES,
  type Section,
  shownSections,
  startAt,
  switchSection,
} from "./navigation.js";
import { useUnreadCount } from "./notifications/use-unread-count.js";
import { ProductScreen } from "./products/product-screen.js";
import { SearchScreen } from "./search/search-screen.js";
import { ShopScreen } from "./shops/shop-screen.js";
import { type SessionView, type Tui, TuiContext } from "./tui-context.js";
import { tuiMessages } from "./tui-messages.js";

/** Lines the shell takes: the sections, the title, the status line and the keys. */
const CHROME_LINES = 4;

export interface AppProps {
  readonly services: CliServices;
  /** A fixed size (tests); by default the terminal's, following its resizes. */
  readonly size?: { readonly columns: number; readonly rows: number };
  readonly startSection?: Section;
}

/** 80×24 when the terminal does not say. */
const DEFAULT_SIZE = { columns: 80, rows: 24 };

function useTerminalSize(fixed: { columns: number; rows: number } | undefined) {
  const { stdout } = useStdout();
  const read = useCallback(
    () =>
      fixed ?? { columns: stdout.columns || DEFAULT_SIZE.columns, rows: stdout.rows || DEFAULT_SIZE.rows },
    [stdout, fixed],
  );
  const [size, setSize] = useState(read);
  useEffect(() => {
    const onResize = () => setSize(read());
    stdout.on("resize", onResize);
    return () => {
      stdout.off("resize", onResize);
    };
  }, [stdout, read]);
  return size;
}

function readSession(services: CliServices): SessionView | null {
  const storage = services.account?.storage;
  if (storage === undefined) return null;
  const user = storage.get("activeUser");
  const userId = storage.get("userdid");
  if (user === null || userId === null || storage.get("token") === null) return null;
  return { name: user.name, email: user.email, userId };
}

/** The shell: sections (Tab), the screen on top of the stack, a status line and the keys. */
export function App({ services, size, startSection = "home" }: AppProps) {
  const { exit } = useApp();
  const { columns, rows } = useTerminalSize(size);
  const [nav, setNav] = useState<Navigation>(() => startAt(startSection));
  const [session, setSession] = useState(() => readSession(services));
  const [status, setStatus] = useState<{ text: string; kind: "info" | "error" | "busy" } | null>(null);
  const [typing, setTyping] = useState(false);
  const typingNow = useRef(false);
  // Each screen that has a text field says so as it renders (useTyping); the others have none.
  typingNow.current = false;
  // Keys that came in one write are handed over one at a time, text in a row to a text field.
  const { stdin } = useStdin();
  useEffect(() => {
    if (stdin instanceof KeyPacer) stdin.holdTextWhile(() => typingNow.current);
  }, [stdin]);
  const [help, setHelp] = useState(false);
  const isAdmin = useIsAdmin(services, session);
  const sections = useMemo(() => shownSections(isAdmin, startSection), [isAdmin, startSection]);
  // The keys of the screen under the overlay, as they were when it opened.
  const [helpKeys, setHelpKeys] = useState<readonly KeyHelp[]>([]);
  const [screenKeys, setScreenKeys] = useState<readonly KeyHelp[]>([]);
  const [unread, setUnread] = useUnreadCount(
    services,
    session !== null,
    `${nav.section}-${nav.stack.length}`,
  );

  // One line less than the terminal: a full last line would scroll it.
  const height = Math.max(3, rows - 1 - CHROME_LINES);
  const width = Math.max(20, columns);

  const open = useCallback((route: Route) => setNav((n) => push(n, route)), []);
  const goBack = useCallback(() => setNav(back), []);
  const say = useCallback(
    (text: string, kind: "info" | "error" | "busy" = "info") => setStatus({ text, kind }),
    [],
  );
  const unsay = useCallback((text: string) => setStatus((s) => (s?.text === text ? null : s)), []);
  const refreshSession = useCallback(() => setSession(readSession(services)), [services]);

  useInput((input, key) => {
    if (typingNow.current) return;
    if (help) return setHelp(false);
    const action = actionOf(input, key);
    // Moving clears the last line (it was about what came before); a screen's own keys may have just
    // set it, so only the shell's keys do.
    if (
      action === "up" ||
      action === "down" ||
      action === "page-up" ||
      action === "page-down" ||
      action === "first" ||
      action === "last" ||
      action === "back" ||
      action === "search" ||
      action === "notifications" ||
      action === "next-section" ||
      action === "previous-section"
    )
      setStatus(null);
    switch (action) {
      case "back":
        return goBack();
      case "search":
        return setNav((n) => push(current(n).screen === "search" ? back(n) : n, { screen: "search" }));
      case "notifications":
        // The catalogue tree has its own n (a new category).
        if (current(nav).screen === "admin-catalogue") return;
        return setNav((n) =>
          current(n).screen === "notifications" ? n : push(n, { screen: "notifications" }),
        );
      case "next-section":
        return setNav((n) => switchSection(n, 1, sections));
      case "previous-section":
        return setNav((n) => switchSection(n, -1, sections));
      case "help":
        setHelpKeys(screenKeys);
        return setHelp(true);
      case "quit":
        return exit();
      default:
        return;
    }
  });

  const base: Omit<Tui, "active"> = useMemo(
    () => ({
      services,
      session,
      refreshSession,
      width,
      height,
      open,
      back: goBack,
      say,
      unsay,
      setTyping,
      typingNow,
      setScreenKeys,
      setUnread,
    }),
    [services, session, refreshSession, width, height, open, goBack, say, unsay, setUnread],
  );
  const top = nav.stack.length - 1;

  return (
    <Box flexDirection="column" width={width} height={rows - 1}>
      <SectionBar section={nav.section} sections={sections} width={width} />
      <TitleLine nav={nav} session={session} unread={unread} width={width} />
      <Box flexDirection="column" height={height} overflow="hidden">
        {help ? <HelpOverlay screenKeys={helpKeys} width={width} /> : null}
        {nav.stack.map((route) => (
          <Box
            key={stackKey(nav, route)}
            display={nav.stack.indexOf(route) === top && !help ? "flex" : "none"}
            flexDirection="column"
          >
            <TuiContext.Provider value={{ ...base, active: nav.stack.indexOf(route) === top && !help }}>
              {screenFor(route)}
            </TuiContext.Provider>
          </Box>
        ))}
      </Box>
      <Text
        wrap="truncate"
        color={status?.kind === "error" ? "red" : status?.kind === "busy" ? "yellow" : "green"}
      >
        {truncate(status?.text ?? "", width)}
      </Text>
      <Text dimColor wrap="truncate">
        {truncate(footerKeys(screenKeys, typing, width), width)}
      </Text>
    </Box>
  );
}

/** A stack only grows and shrinks at its end: a screen's depth in its section is its identity. */
function stackKey(nav: Navigation, route: Route): string {
  return `${nav.section}-${nav.stack.indexOf(route)}-${route.screen}`;
}

function screenFor(route: Route): ReactNode {
  switch (route.screen) {
    case "section":
      return sectionScreen(route.section);
    case "sub-categories":
      return <SubCategoriesScreen categoryId={route.categoryId} />;
    case "products":
      return <SubCategoryProductsScreen subCategoryId={route.subCategoryId} />;
    case "search":
      return <SearchScreen />;
    case "product":
      return <ProductScreen slug={route.slug} />;
    case "shop":
      return <ShopScreen shopId={route.shopId} />;
    case "login":
      return <LoginScreen />;
    default:
      return routeScreens(route);
  }
}

function sectionScreen(section: Section): ReactNode {
  switch (section) {
    case "home":
      return <HomeScreen />;
    case "categories":
      return <CategoriesScreen />;
    case "account":
      return <AccountScreen />;
    default:
      return sectionScreens(section);
  }
}

function SectionBar({
  section,
  sections,
  width,
}: {
  section: Section;
  sections: readonly Section[];
  width: number;
}) {
  // One line, cut at the terminal's width; the section shown is bracketed (seen without colour too).
  return (
    <Box width={width}>
      <Text wrap="truncate">
        <Text bold color="green">
          Katale
        </Text>
        {sections.map((s) =>
          s === section ? (
            <Text key={s} bold inverse>
              {` [${SECTION_TITLES[s]}]`}
            </Text>
          ) : (
            <Text key={s}>{` ${SECTION_TITLES[s]}`}</Text>
          ),
        )}
      </Text>
    </Box>
  );
}

const ROUTE_TITLES: Partial<Record<Route["screen"], string>> = {
  search: "Search",
  product: "Product",
  shop: "Shop",
  login: "Log in",
  notifications: "Notifications",
  "product-form": "Product form",
  "admin-catalogue": "Catalogue",
  "admin-verifications": "Verification requests",
  "admin-reports": "Moderation",
};

function routeTitle(route: Route): string {
  if (route.screen === "section") return SECTION_TITLES[route.section];
  if ("title" in route && route.title !== undefined) return route.title;
  return ROUTE_TITLES[route.screen] ?? route.screen;
}

function TitleLine({
  nav,
  session,
  unread,
  width,
}: {
  nav: Navigation;
  session: SessionView | null;
  unread: number | null;
  width: number;
}) {
  const badge = unread ? ` · ${notificationCliMessages.unreadBadge(unread)}` : "";
  const who = session === null ? "not logged in" : `${session.name}${badge}`;
  const path = nav.stack.map(routeTitle).join(" › ");
  const room = Math.max(1, width - who.length - 1);
  return (
    <Box width={width} justifyContent="space-between">
      <Text bold wrap="truncate">
        {truncate(path, room)}
      </Text>
      <Text dimColor>{who}</Text>
    </Box>
  );
}

function footerKeys(screenKeys: readonly KeyHelp[], typing: boolean, width: number): string {
  const own = screenKeys.map((k) => `${k.keys} ${k.does}`);
  if (typing) return [...own.filter((k) => k !== "Esc cancel"), "Esc cancel", "Ctrl-C quit"].join(" · ");
  const shared = ["↑↓ move", "Enter open", "Esc back", "/ search", "Tab section", "? keys", "q quit"];
  if (own.length === 0) return shared.join(" · ");
  // The screen's keys first; `q quit` gives way when the line is full (? lists it).
  const full = [...own, "? keys", "Esc back", "q quit"].join(" · ");
  return [...full].length <= width ? full : [...own, "? keys", "Esc back"].join(" · ");
}

function HelpOverlay({ screenKeys, width }: { screenKeys: readonly KeyHelp[]; width: number }) {
  const line = (k: KeyHelp) => (
    <Text key={`${k.keys}-${k.does}`} wrap="truncate">
      {truncate(`  ${k.keys.padEnd(16)} ${k.does}`, width)}
    </Text>
  );
  return (
    <Box flexDirection="column">
      <Text bold>{tuiMessages.helpTitle}</Text>
      {SHARED_KEYS.map(line)}
      {screenKeys.length === 0 ? null : <Text bold>{tuiMessages.screenKeys}</Text>}
      {screenKeys.map(line)}
    </Box>
  );
}
