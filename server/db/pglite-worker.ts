/**
 * The embedded database's own thread (server/db/pglite-thread.ts is the other end). PGlite runs
 * PostgreSQL compiled to WebAssembly on the thread that calls it: on the main thread every query's
 * WebAssembly time (about two thirds of a report page's CPU) stops the HTTP server, its sockets and its
 * timers. Here it runs beside them, on another core.
 */
import { PGlite, type Results, type Transaction } from '@electric-sql/pglite';
import { parentPort, workerData } from 'node:worker_threads';
import { pgliteExtensions as extensions } from './pglite-extensions';
import type { ThreadRequest, ThreadResponse, WorkerOptions } from './pglite-thread';

if (!parentPort) throw new Error('pglite-worker runs as a worker thread');
const port = parentPort;
const options = workerData as WorkerOptions;

/** Opens the data folder with `sharedBuffers`; the setting needs a restart, so a change reopens once. */
async function open(): Promise<PGlite> {
  if (options.loadDataDir) return PGlite.create({ extensions, loadDataDir: new Blob([options.loadDataDir as Uint8Array<ArrayBuffer>]) });
  if (!options.dataDir) return PGlite.create({ extensions });
  const client = await PGlite.create(options.dataDir, { extensions });
  if (!options.sharedBuffers) return client;
  const [current] = (await client.query<{ shared_buffers: string }>('show shared_buffers')).rows;
  if (current?.shared_buffers === options.sharedBuffers) return client;
  // ALTER SYSTEM takes no parameters; the value was checked against /^\d+(kB|MB|GB)$/ by the config.
  await client.query(`alter system set shared_buffers = '${options.sharedBuffers}'`);
  await client.close();
  return PGlite.create(options.dataDir, { extensions });
}

/**
 * An error as its plain fields: structured cloning keeps only the message of an Error, not `code` or
 * `constraint`, and the query options PGlite attaches hold functions, which do not clone at all.
 */
function plainError(err: unknown): Record<string, unknown> {
  if (typeof err !== 'object' || err === null) return { message: String(err) };
  const fields = Object.fromEntries(Object.entries(err).filter(([, value]) => value === null || ['string', 'number', 'boolean'].includes(typeof value)));
  // The file system's errors are plain objects ({ errno, code }), with no message of their own.
  if (!(err instanceof Error)) return { ...fields, message: typeof fields.message === 'string' ? fields.message : JSON.stringify(fields) };
  return { ...fields, name: err.name, message: err.message };
}

/** Drizzle asks for some types as text (timestamps, dates): the type ids whose parser is the identity. */
function parsersOf(textTypes: number[] | undefined) {
  return textTypes ? Object.fromEntries(textTypes.map((oid) => [oid, (value: string) => value])) : undefined;
}

const pg = await open().catch((err: unknown) => {
  port.postMessage({ id: 0, error: plainError(err) } satisfies ThreadResponse);
  throw err;
});
port.postMessage({ id: 0, result: null } satisfies ThreadResponse);

interface OpenTransaction {
  tx: Transaction;
  end: (commit: boolean) => void;
  done: Promise<void>;
}
const transactions = new Map<number, OpenTransaction>();
const subscriptions = new Map<number, () => Promise<void>>();

async function answer(request: ThreadRequest): Promise<{ result: unknown; transfer?: ArrayBuffer[] }> {
  const target = request.tx === undefined ? pg : transactions.get(request.tx)?.tx;
  if (!target) throw new Error('transaction already ended');
  switch (request.op) {
    case 'query': {
      const result: Results & { blob?: Blob | ArrayBuffer } = await target.query(request.sql, request.params, {
        rowMode: request.rowMode,
        parsers: parsersOf(request.textTypes),
      });
      if (result.blob instanceof Blob) {
        const bytes = await result.blob.arrayBuffer();
        return { result: { ...result, blob: bytes }, transfer: [bytes] };
      }
      return { result };
    }
    case 'exec':
      return { result: await target.exec(request.sql) };
    case 'begin':
      return { result: await begin(request.id) };
    case 'end': {
      const open = transactions.get(request.tx!)!;
      transactions.delete(request.tx!);
      open.end(request.commit);
      await open.done;
      return { result: null };
    }
    case 'listen':
      subscriptions.set(request.id, await pg.listen(request.channel, (payload) => port.postMessage({ notify: request.id, payload } satisfies ThreadResponse)));
      return { result: request.id };
    case 'unlisten': {
      const unlisten = subscriptions.get(request.sub);
      subscriptions.delete(request.sub);
      await unlisten?.();
      return { result: null };
    }
    case 'dump':
      return { result: await (await import('../tools/db-dump')).dumpPglite(pg) };
    case 'close':
      await pg.close();
      return { result: null };
  }
}

/** Opens a transaction that stays open until an `end` request for it; resolves once it has begun. */
function begin(id: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let began = false;
    let end: (commit: boolean) => void = () => undefined;
    const ended = new Promise<boolean>((r) => {
      end = r;
    });
    const done = pg.transaction(async (tx) => {
      transactions.set(id, { tx, end, done });
      began = true;
      resolve(id);
      if (!(await ended)) await tx.rollback();
    });
    done.catch((err: unknown) => {
      if (!began) reject(err as Error);
    });
  });
}

port.on('message', (request: ThreadRequest) => {
  answer(request)
    .then(({ result, transfer }) => port.postMessage({ id: request.id, result } satisfies ThreadResponse, transfer))
    // A failed query, or an answer that does not clone: either way the caller gets an error, and the thread lives on.
    .catch((err: unknown) => port.postMessage({ id: request.id, error: plainError(err) } satisfies ThreadResponse));
});
