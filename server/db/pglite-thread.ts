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

/** What happened to the thread: it stopped and the folder was opened again, or it could not be (every call now fails). */
export type ThreadIncident = { kind: 'reopened'; error: Error; attempt: number } | { kind: 'lost'; error: Error };

/**
 * Waits before each reopening of the folder after the thread stopped. PostgreSQL's own recovery (its WAL)
 * runs on each open; a folder that fails every attempt is lost.
 */
export const REOPEN_DELAYS_MS = [100, 500, 2000];
/** More stops than this within REOPEN_WINDOW_MS is a crash loop: the database is given up as lost. */
const MAX_REOPENS = 5;
const REOPEN_WINDOW_MS = 10 * 60_000;

const delay = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Subscription {
  channel: string;
  onPayload: (payload: string) => void;
  onReattach?: () => void;
  /** The worker's id of this LISTEN, which changes when the thread is reopened. */
  remote: number;
}

export class PgliteThread {
  private worker!: Worker;
  private nextId = 1;
  private readonly pending = new Map<number, { resolve: (value: unknown) => void; reject: (err: Error) => void }>();
  private opened: { resolve: () => void; reject: (err: Error) => void } | null = null;
  private readonly subscriptions = new Map<number, Subscription>();
  /** Set while the folder is being opened again: calls wait for it, as a pool's callers wait for a connection. */
  private reopening: Promise<void> | null = null;
  private readonly stops: number[] = [];
  private readonly watchers: ((incident: ThreadIncident) => void)[] = [];
  private failure: Error | null = null;
  private closing = false;
  readonly ready: Promise<void>;

  /** Only a data folder can be opened again after the thread stopped: a database in memory is gone with it. */
  constructor(private readonly options: WorkerOptions) {
    this.ready = this.start();
  }

  /** Starts a worker on the options and resolves once it has opened the database. */
  private start(): Promise<void> {
    const source = workerUrl();
    const fromSource = source.pathname.endsWith('.ts');
    // The TypeScript source needs tsx's loader registered in the thread first (Node 20 does not pass --import to it).
    const entry = fromSource ? `import('tsx/esm/api').then((tsx) => { tsx.register(); return import(${JSON.stringify(source.href)}); })` : source;
    // A dump's buffer is moved to the thread: only a folder is ever opened twice (see reopen).
    const worker = new Worker(entry, {
      eval: fromSource,
      workerData: this.options,
      transferList: this.options.loadDataDir ? [this.options.loadDataDir.buffer as ArrayBuffer] : [],
    });
    this.worker = worker;
    let lastError: Error | null = null;
    const opened = new Promise<void>((resolve, reject) => {
      this.opened = { resolve, reject };
    });
    worker.on('message', (message: ThreadResponse) => this.receive(message));
    worker.on('error', (err) => {
      lastError = err;
    });
    worker.on('exit', (code) => {
      if (worker !== this.worker) return;
      const error = lastError ?? new Error(`The embedded database thread stopped (exit code ${code})`);
      this.dropCalls(error);
      if (this.opened) {
        // It never opened: whoever started it (the first start, or a reopening) decides.
        this.opened.reject(error);
        this.opened = null;
      } else if (!this.closing && !this.reopening && !this.failure) {
        this.reopening = this.reopen(error);
      }
    });
    return opened;
  }

  /** After an unexpected stop: the folder again, a few times, then the listeners again; or lost. */
  private async reopen(cause: Error): Promise<void> {
    const now = Date.now();
    this.stops.push(now);
    while (this.stops[0]! < now - REOPEN_WINDOW_MS) this.stops.shift();
    let error = cause;
    if (this.options.dataDir && this.stops.length <= MAX_REOPENS) {
      for (const [index, wait] of REOPEN_DELAYS_MS.entries()) {
        await delay(wait);
        if (this.closing) return;
        try {
          await this.start();
          for (const subscription of this.subscriptions.values()) {
            subscription.remote = await this.post<number>({ op: 'listen', channel: subscription.channel });
          }
          this.reopening = null;
          this.tell({ kind: 'reopened', error: cause, attempt: index + 1 });
          // NOTIFYs sent while the thread was down were missed.
          for (const subscription of this.subscriptions.values()) subscription.onReattach?.();
          return;
        } catch (err) {
          error = err as Error;
          this.dropCalls(error);
        }
      }
    }
    this.failure = error;
    this.reopening = null;
    this.tell({ kind: 'lost', error });
    void this.worker.terminate();
  }

  /** Calls `watcher` when the thread stops: reopened, or lost. */
  watch(watcher: (incident: ThreadIncident) => void): void {
    this.watchers.push(watcher);
  }

  private tell(incident: ThreadIncident) {
    for (const watcher of this.watchers) watcher(incident);
  }

  private receive(message: ThreadResponse) {
    if ('notify' in message) {
      for (const subscription of this.subscriptions.values()) if (subscription.remote === message.notify) subscription.onPayload(message.payload);
      return;
    }
    if (message.id === 0) {
      if (message.error) this.opened?.reject(databaseError(message.error));
      else this.opened?.resolve();
      this.opened = null;
      this.idle();
      return;
    }
    const call = this.pending.get(message.id);
    this.pending.delete(message.id);
    this.idle();
    if (message.error) call?.reject(databaseError(message.error));
    else call?.resolve(message.result);
  }

  /** The calls the stopped thread owed: they fail (a transaction among them is gone with it). */
  private dropCalls(error: Error) {
    for (const call of this.pending.values()) call.reject(error);
    this.pending.clear();
  }

  /** The thread keeps the process alive only while it owes an answer (a LISTEN alone does not). */
  private idle() {
    if (this.pending.size === 0) this.worker.unref();
  }

  private async call<T>(request: Request, transfer?: ArrayBuffer[]): Promise<T> {
    if (this.reopening) await this.reopening;
    return this.post(request, transfer);
  }

  private post<T>(request: Request, transfer?: ArrayBuffer[]): Promise<T> {
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

  /** `onReattach`: called when the thread was reopened, as NOTIFYs sent while it was down were missed. */
  async listen(channel: string, onPayload: (payload: string) => void, onReattach?: () => void): Promise<() => Promise<void>> {
    const remote = await this.call<number>({ op: 'listen', channel });
    const local = this.nextId++;
    this.subscriptions.set(local, { channel, onPayload, onReattach, remote });
    return async () => {
      const subscription = this.subscriptions.get(local);
      this.subscriptions.delete(local);
      // A lost database has nothing left to stop listening (its shutdown should not fail on it).
      if (subscription && !this.failure) await this.call({ op: 'unlisten', sub: subscription.remote });
    };
  }

  /** pg_dump of the database, made in the worker where PGlite is (server/tools/db-dump.ts). */
  dumpSql(): Promise<string> {
    return this.call({ op: 'dump' });
  }

  async close(): Promise<void> {
    if (this.failure) return;
    if (this.reopening) await this.reopening;
    this.closing = true;
    if (this.failure) return;
    await this.post({ op: 'close' });
    this.failure = new Error('The embedded database is closed');
    this.dropCalls(this.failure);
    await this.worker.terminate();
  }
}

/** Starts the thread and waits until the database is open (its failure, e.g. a damaged folder, rejects). */
export async function openPgliteThread(options: WorkerOptions): Promise<PgliteThread> {
  const thread = new PgliteThread(options);
  await thread.ready;
  return thread;
}
