import { render, Text } from "ink";
import { Component, type ReactNode } from "react";
import type { CliServices } from "../cli-services.js";
import { App } from "./app.js";
import { KeyPacer } from "./key-pacer.js";
import { tuiMessages } from "./tui-messages.js";

/** Anything unexpected a screen throws is one line, never a stack. */
export class OneLineErrors extends Component<{ children: ReactNode }, { message: string | null }> {
  override state = { message: null as string | null };
  static getDerivedStateFromError(error: unknown) {
    return { message: error instanceof Error ? error.message : String(error) };
  }
  override render() {
    if (this.state.message === null) return this.props.children;
    return <Text color="red">{tuiMessages.unexpected(this.state.message)} (q quits)</Text>;
  }
}

/** `katale tui`: the app on the terminal's alternate screen until q or Ctrl-C. */
export async function runTui(services: CliServices): Promise<void> {
  const out = process.stdout;
  // The alternate screen: the shell's scrollback is left as it was when the app quits.
  out.write("\u001b[?1049h\u001b[H");
  try {
    const instance = render(
      <OneLineErrors>
        <App services={services} />
      </OneLineErrors>,
      // Ink reads a stream; the pacer stands in for the terminal's (keys of one write one at a time).
      {
        exitOnCtrlC: true,
        patchConsole: true,
        stdin: new KeyPacer(process.stdin) as unknown as NodeJS.ReadStream,
      },
    );
    await instance.waitUntilExit();
  } finally {
    out.write("\u001b[?1049l");
  }
}
