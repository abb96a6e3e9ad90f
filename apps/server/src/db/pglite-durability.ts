import fs from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

/**
 * PGlite's PostgreSQL runs with fsync=on, synchronous_commit=on and wal_sync_method=fdatasync, so
 * each commit asks for its WAL to be flushed before it answers, and a checkpoint asks for the data
 * files (fsync) and their directories. But PGlite runs it on Emscripten's file system, where on
 * Node both calls end in a no-op: `fdatasync` is answered 0 without touching the file, and `fsync`
 * only reaches the file system's `stream_ops.fsync`, which NODEFS does not have. An order answered
 * 200 then lived only in the kernel's page cache, and a power cut could lose it with its debit and
 * its ledger row (docs/ARCHITECTURE.md "Durability").
 *
 * This file system is PGlite's own NODEFS (PGlite's `fs` option) with both calls made real: they
 * flush the Node file descriptor behind the Emscripten stream (a directory is opened and flushed),
 * synchronously, inside the call, so the commit answers only after the kernel reports its WAL on
 * the disk. A failed flush is reported to PostgreSQL as EIO, which stops it rather than answering.
 * Group commit (orders/order-commit-batcher.ts) shares one flush among the orders of a batch.
 */
export class DurableNodeFS extends NodeFS {
  override async init(pg: PGlite, options: Parameters<NodeFS['init']>[1]) {
    const { emscriptenOpts } = await super.init(pg, options);
    let module: EmscriptenModule | undefined;
    const instantiate = emscriptenOpts.instantiateWasm;
    return {
      emscriptenOpts: {
        ...emscriptenOpts,
        // The wasm imports exist only here, before instantiation: `fdatasync` is one of them.
        instantiateWasm(imports: { env: Record<string, unknown> }, done: (instance: unknown) => void) {
          const env = imports.env;
          const original = env.__syscall_fdatasync as (fd: number) => number;
          env.__syscall_fdatasync = (fd: number): number => {
            const stream = module?.FS.getStream(fd);
            if (typeof stream?.nfd !== 'number') return original(fd);
            try {
              fs.fdatasyncSync(stream.nfd);
              return 0;
            } catch {
              return -EIO;
            }
          };
          if (!instantiate) throw new Error('PGlite did not supply instantiateWasm');
          return instantiate(imports, done);
        },
        preRun: [
          ...(emscriptenOpts.preRun ?? []),
          (mod: unknown) => {
            module = mod as EmscriptenModule;
            const { FS } = module;
            const nodefs = FS.filesystems.NODEFS;
            // One object shared by every NODEFS node of this PGlite instance, files and directories.
            nodefs.stream_ops.fsync = (stream: Stream): number => {
              try {
                if (typeof stream.nfd === 'number') {
                  fs.fsyncSync(stream.nfd);
                } else if (FS.isDir(stream.node.mode)) {
                  // A new or renamed file (a WAL segment) lasts only once its directory entry does.
                  const dir = fs.openSync(nodefs.realPath(stream.node), 'r');
                  try {
                    fs.fsyncSync(dir);
                  } finally {
                    fs.closeSync(dir);
                  }
                } else {
                  return 0;
                }
              } catch {
                throw new FS.ErrnoError(EIO);
              }
              return 0;
            };
          },
        ],
      },
    };
  }
}

/**
 * The embedded database as the server runs it (on its own thread, pglite-thread.ts): in `dataDir` on
 * the durable file system above, or in memory (tests) when `dataDir` is null.
 */
export function openEmbeddedPglite(dataDir: string | null): PGlite {
  return dataDir === null ? new PGlite() : new PGlite({ fs: new DurableNodeFS(dataDir) });
}

/** Emscripten's (and WASI's) EIO. */
const EIO = 29;

/** The few parts of PGlite's Emscripten module used here (PGlite types them loosely). */
interface Stream {
  nfd?: number;
  node: { mode: number };
}
interface EmscriptenModule {
  FS: {
    getStream(fd: number): Stream | undefined;
    isDir(mode: number): boolean;
    ErrnoError: new (errno: number) => Error;
    filesystems: {
      NODEFS: {
        realPath(node: Stream['node']): string;
        stream_ops: { fsync?: (stream: Stream) => number };
      };
    };
  };
}
