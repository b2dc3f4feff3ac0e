import { Spinner } from "@inkjs/ui";
import { Text } from "ink";
import type { ReactNode } from "react";
import { tuiMessages } from "../tui-messages.js";
import type { Loaded } from "../use-load.js";

/** A spinner while loading, the failure's line when it failed, else the content. */
export function LoadedView<T>({
  loaded,
  children,
}: {
  loaded: Loaded<T>;
  children: (value: T) => ReactNode;
}) {
  if (loaded.state === "loading") return <Spinner label={tuiMessages.loading} />;
  if (loaded.state === "failed") return <ErrorLine text={loaded.message} />;
  return <>{children(loaded.value)}</>;
}

export function ErrorLine({ text }: { text: string }) {
  return (
    <Text color="red" wrap="wrap">
      {text}
    </Text>
  );
}
