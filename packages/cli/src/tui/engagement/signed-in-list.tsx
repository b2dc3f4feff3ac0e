import { Text } from "ink";
import { ItemList, type Row } from "../components/item-list.js";
import { LoadedView } from "../components/status.js";
import { useTui } from "../tui-context.js";
import { tuiMessages } from "../tui-messages.js";
import type { Loaded } from "../use-load.js";

/** A signed-in list's rows, or what it has none of; signed out, how to log in. */
export function SignedInList<T>({
  list,
  what,
  rows,
  empty,
  onSelect,
}: {
  list: { readonly signedIn: boolean; readonly loaded: Loaded<T | null>; reload(): void };
  /** What the list is, for the line that asks to log in. */
  what: string;
  rows: (value: T) => Row[];
  empty: string;
  onSelect?: (row: Row | undefined) => void;
}) {
  const { width, height } = useTui();
  if (!list.signedIn) return <Text>{tuiMessages.signInFor(what)}</Text>;
  return (
    <LoadedView loaded={list.loaded}>
      {(value) => {
        const all = value === null ? [] : rows(value as T);
        return all.length === 0 ? (
          <Text>{empty}</Text>
        ) : (
          <ItemList rows={all} width={width} height={height} {...(onSelect ? { onSelect } : {})} />
        );
      }}
    </LoadedView>
  );
}
