import { CliFailure } from "../cli-failure.js";

// A file the user named that cannot be read or written: said with its name, never as an
// "unexpected error: ENOENT".

/** Node's error for a file: its code (ENOENT, EACCES, …) and the path it was about. */
export function isFileError(error: unknown): error is NodeJS.ErrnoException & { path: string } {
  return (
    error instanceof Error &&
    typeof (error as NodeJS.ErrnoException).code === "string" &&
    typeof (error as NodeJS.ErrnoException).path === "string"
  );
}

/** The user's words for what went wrong with `file`. */
export function fileProblem(file: string, error: unknown): string {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  switch (code) {
    case "ENOENT":
      return `${file}: no such file or folder.`;
    case "EACCES":
    case "EPERM":
      return `${file}: permission denied.`;
    case "EISDIR":
      return `${file} is a folder, not a file.`;
    case "ENOTDIR":
      return `${file}: a part of the path is not a folder.`;
    case "ENOSPC":
      return `${file}: no space left on the disk.`;
    default:
      return `${file}: ${error instanceof Error ? error.message : String(error)}`;
  }
}

/** A failure (exit 1) naming `file`. */
export function fileFailure(file: string, error: unknown): CliFailure {
  return new CliFailure(fileProblem(file, error));
}
