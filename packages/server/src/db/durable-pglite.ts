import { closeSync, existsSync, fsyncSync, openSync, readdirSync } from "node:fs";
import { join } from "node:path";
import { PGlite } from "@electric-sql/pglite";
import { NodeFS } from "@electric-sql/pglite/nodefs";

// PGlite starts PostgreSQL with `-F` (fsync off), and its Node file system (Emscripten's NODEFS)
// has no fsync of its own: a commit reaches the operating system's cache, which survives the
// process being killed but not a power cut. Durable mode (the default, PGLITE_FSYNC=on) starts
// PostgreSQL without `-F`, with wal_sync_method=fsync (Emscripten's fdatasync does nothing, its
// fsync calls the file system's), and gives NODEFS an fsync that reaches the disk. Tests turn it off.

interface EmscriptenNodeFs {
  stream_ops: { fsync?: (stream: { nfd?: number }) => number };
  tryFSOperation<T>(operation: () => T): T;
}

/** NODEFS whose fsync calls the host's fsync(2). */
class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, opts: Parameters<NodeFS["init"]>[1]) {
    const { emscriptenOpts } = await super.init(pg, opts);
    const preRun = [
      ...(emscriptenOpts.preRun ?? []),
      (mod: unknown) => {
        const nodefs = (mod as { NODEFS: EmscriptenNodeFs }).NODEFS;
        nodefs.stream_ops.fsync = (stream) => {
          const fd = stream.nfd;
          if (fd !== undefined) nodefs.tryFSOperation(() => fsyncSync(fd));
          return 0;
        };
      },
    ];
    return { emscriptenOpts: { ...emscriptenOpts, preRun } };
  }
}

export function pgliteFileOptions(dataDir: string, durable: boolean) {
  if (!durable) return { dataDir };
  const startParams = [
    ...PGlite.defaultStartParams.filter((p) => p !== "-F"),
    "-c",
    "fsync=on",
    "-c",
    "wal_sync_method=fsync",
  ];
  return { fs: new DurableNodeFS(dataDir), startParams };
}

/**
 * A new PGlite data directory is unpacked from initdb's files without fsync: sync every file and
 * directory once, so the first start's catalogue is on disk before the first commit is acknowledged.
 */
export function syncTree(path: string): void {
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.isDirectory()) syncTree(join(path, entry.name));
    else if (entry.isFile()) syncFile(join(path, entry.name));
  }
  syncFile(path);
}

function syncFile(path: string) {
  const fd = openSync(path, "r");
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

export const isNewDataDir = (dataDir: string) => !existsSync(join(dataDir, "PG_VERSION"));
