/** How a command asks the person at the terminal for input (prompts go to stderr). */
export interface Prompter {
  /** True when stdin is a terminal someone types into. */
  readonly interactive: boolean;
  /** A line typed with echo (e.g. the username); null when input ended. */
  askLine(question: string): Promise<string | null>;
  /** A secret typed without echo; null when input ended or was cancelled (Ctrl-C). */
  askSecret(question: string): Promise<string | null>;
  /** The next line of stdin (scripts: `echo "$PW" | katale login me@x.ug`); null when stdin is empty. */
  readStdinLine(): Promise<string | null>;
}
