import { Text } from "ink";

/**
 * A progress bar of a known width. (@inkjs/ui's ProgressBar measures itself while rendering, and
 * looped — "Too many re-renders" — when an import's rows finished faster than Ink laid it out.)
 */
export function ProgressLine({ value, width }: { value: number; width: number }) {
  const share = Math.min(1, Math.max(0, value / 100));
  const done = Math.round(share * width);
  return (
    <Text>
      <Text color="green">{"█".repeat(done)}</Text>
      <Text dimColor>{"░".repeat(width - done)}</Text>
      <Text>{` ${Math.round(share * 100)}%`}</Text>
    </Text>
  );
}
