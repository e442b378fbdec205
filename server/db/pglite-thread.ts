/**
 * PGlite on a thread of its own (server/db/pglite-worker.ts), behind the part of PGlite's interface
 * this application uses: query, exec, transaction, listen, close. Drizzle's PGlite driver takes it as
 * its client. The HTTP server's thread then spends nothing on WebAssembly: it answers other requests,
 * sockets and health checks while a query runs, and a report page costs it about a third of the CPU.
 */
import type { Results, Transaction } from '@electric-sql/pglite';
import { Worker } from 'node:worker_threads';

/** Where the worker opens the database: a data folder, a dump (tests; its buffer is moved to the thread), or memory. */
export interface WorkerOptions {
  dataDir?: string | null;
  loadDataDir?: Uint8Array;
  sharedBuffers?: string | null;
}

type Target = { tx?: number };
export type ThreadRequest = { id: number } & (
  | ({ op: 'query'; sql: string; params?: unknown[]; rowMode?: 'array' | 'object'; textTypes?: number[] } & Target)
  | ({ op: 'exec'; sql: string } & Target)
  | { op: 'begin'; tx?: undefined }
  | { op: 'end'; tx: number; commit: boolean }
  | { op: 'listen'; channel: string; tx?: undefined }
  | { op: 'unlisten'; sub: number; tx?: undefined }
  | { op: 'dump' | 'close'; tx?: undefined }
);
/** An answer to request `id`, or a notification for subscription `notify`. */
export type ThreadResponse =
  | { id: number; result: unknown; error?: undefined }
  | { id: number; error: Record<string, unknown>; result?: undefined }
  | { notify: number; payload: string };

type QueryOptions = { rowMode?: 'array' | 'object'; parsers?: Record<number, unknown> };
type Request = ThreadRequest extends infer R ? (R extends ThreadRequest ? Omit<R, 'id'> : never) : never;

/** The worker's source in development and tests (run through tsx), its bundled file beside main.js in production. */
function workerUrl(): URL {
  return import.meta.url.endsWith('.ts') ? new URL('./pglite-worker.ts', import.meta.url) : new URL('./pglite-worker.js', import.meta.url);
}

/** Rebuilds the database's error with its fields (`code`, `constraint`, …), which the application reads. */
function databaseError(fields: Record<string, unknown>): Error {
  return Object.assign(new Error(String(fields.message)), fields);
}

/**
 * COPY's output as PGlite hands it over (a Blob), around the bytes the worker transferred: a real Blob
 * would copy a slice of an export twice more (into the Blob, then out of it).
 */
const blobOf = (bytes: ArrayBuffer) => ({ size: bytes.byteLength, type: '', arrayBuffer: () => Promise.resolve(bytes) }) as unknown as Blob;

export class PgliteThread {
  private readonly worker: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  private readonly listeners = new Map<number, (payload: string) => void>();
  private failure: Error | null = null;
  readonly ready: Promise<void>;

  constructor(options: WorkerOptions) {
    const source = workerUrl();
    const fromSource = source.pathname.endsWith('.ts');
    // The TypeScript source needs tsx's loader registered in the thread first (Node 20 does not pass --import to it).
    const entry = fromSource ? `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source.href)}); })` : source;
    this.worker = new Worker(entry, {
      eval: fromSource,
      workerData: options,
      transferList: options.loadDataDir ? [options.loadDataDir.buffer as ArrayBuffer] : [],
    });
    this.ready = new Promise<void>((resolve, reject) => this.pending.set(0, { resolve: () => resolve(), reject }));
    this.worker.on('message', (message: ThreadResponse) => this.receive(message));
    this.worker.on('error', (err) => this.fail(err));
    this.worker.on('exit', (code) => this.fail(new Error(`The embedded database thread stopped (exit code ${code})`)));
  }

  private receive(message: ThreadResponse) {
    if ('notify' in message) {
      this.listeners.get(message.notify)?.(message.payload);
      return;
    }
    const call = this.pending.get(message.id);
    this.pending.delete(message.id);
    this.idle();
    if (message.error) call?.reject(databaseError(message.error));
    else call?.resolve(message.result);
  }

  private fail(err: Error) {
    this.failure ??= err;
    for (const call of this.pending.values()) call.reject(this.failure);
    this.pending.clear();
  }

  /** The thread keeps the process alive only while it owes an answer (a LISTEN alone does not). */
  private idle() {
    if (this.pending.size === 0) this.worker.unref();
  }

  private call<T>(request: Request, transfer?: ArrayBuffer[]): Promise<T> {
    if (this.failure) return Promise.reject(this.failure);
    const id = this.nextId++;
    return new Promise<T>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (value: unknown) => void, reject });
      this.worker.ref();
      this.worker.postMessage({ ...request, id }, transfer);
    });
  }

  query<T>(sql: string, params?: unknown[], options?: QueryOptions, tx?: number): Promise<Results<T>> {
    const textTypes = options?.parsers ? Object.keys(options.parsers).map(Number) : undefined;
    return this.call<Results<T> & { blob?: ArrayBuffer }>({ op: 'query', sql, params, rowMode: options?.rowMode, textTypes, tx }).then((result) =>
      result.blob ? { ...result, blob: blobOf(result.blob) } : result,
    );
  }

  exec(sql: string, tx?: number): Promise<Results[]> {
    return this.call({ op: 'exec', sql, tx });
  }

  /** Runs `fn` in a transaction held open in the worker; commits when it returns, rolls back when it throws. */
  async transaction<T>(fn: (tx: Transaction) => Promise<T>): Promise<T> {
    const id = await this.call<number>({ op: 'begin' });
    let closed = false;
    const end = (commit: boolean) => {
      closed = true;
      return this.call<void>({ op: 'end', tx: id, commit });
    };
    const tx = {
      query: <R>(sql: string, params?: unknown[], options?: QueryOptions) => this.query<R>(sql, params, options, id),
      exec: (sql: string) => this.exec(sql, id),
      rollback: () => end(false),
      get closed() {
        return closed;
      },
    } as unknown as Transaction;
    let result: T;
    try {
      result = await fn(tx);
    } catch (err) {
      if (!closed) await end(false).catch(() => undefined);
      throw err;
    }
    if (!closed) await end(true);
    return result;
  }

  async listen(channel: string, onPayload: (payload: string) => void): Promise<() => Promise<void>> {
    const sub = await this.call<number>({ op: 'listen', channel });
    this.listeners.set(sub, onPayload);
    return async () => {
      this.listeners.delete(sub);
      await this.call({ op: 'unlisten', sub });
    };
  }

  /** pg_dump of the database, made in the worker where PGlite is (server/tools/db-dump.ts). */
  dumpSql(): Promise<string> {
    return this.call({ op: 'dump' });
  }

  async close(): Promise<void> {
    if (this.failure) return;
    await this.call({ op: 'close' });
    this.fail(new Error('The embedded database is closed'));
    await this.worker.terminate();
  }
}

/** Starts the thread and waits until the database is open (its failure, e.g. a damaged folder, rejects). */
export async function openPgliteThread(options: WorkerOptions): Promise<PgliteThread> {
  const thread = new PgliteThread(options);
  await thread.ready;
  return thread;
}
