import type { FastifyInstance } from 'fastify';

let firstPassesHeld: Promise<void> | null = null;

/**
 * For server/main.ts: passes that would run at once wait until the returned function is called (once
 * the server listens), so a start does not wait behind every background job's first pass in the
 * embedded database's one queue (~0.4 s of CPU before the first answer). Without it (tests, tools)
 * they run at once.
 */
export function holdFirstPasses(): () => void {
  let release: () => void = () => undefined;
  firstPassesHeld = new Promise<void>((resolve) => {
    release = resolve;
  });
  return release;
}

export interface PeriodicOptions {
  /** When the first pass runs: 0 (default) at once, a delay in ms, or null for after the first interval. */
  firstDelayMs?: number | null;
}

/**
 * A pass run every `intervalMs` in this process, never two at once (a slow pass makes the next tick
 * skip). Passes must be safe when several processes run them (guarded UPDATEs, unique keys, SKIP LOCKED).
 * Returns the stop function, which waits for a running pass, so shutdown never cuts one in half.
 */
export function runPeriodically(
  intervalMs: number,
  pass: () => Promise<unknown>,
  onError: (err: unknown) => void,
  { firstDelayMs = 0 }: PeriodicOptions = {},
): () => Promise<void> {
  let running: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (running || stopped) return;
    running = pass()
      .then(() => undefined, onError)
      .finally(() => {
        running = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  // A pending pass must never keep the process alive on shutdown.
  timer.unref();
  let first: NodeJS.Timeout | undefined;
  if (firstDelayMs === 0) {
    if (firstPassesHeld) void firstPassesHeld.then(tick);
    else tick();
  }
  else if (firstDelayMs !== null) {
    first = setTimeout(tick, firstDelayMs);
    first.unref();
  }
  return async () => {
    stopped = true;
    clearInterval(timer);
    clearTimeout(first);
    await running;
  };
}

/**
 * Runs a background job (the `start` of a pass built on runPeriodically) for the life of the server:
 * started once it is ready, stopped on close (waiting for a pass in progress). Only when the process runs
 * background jobs (config.backgroundJobs, BACKGROUND_JOBS): tests run each pass themselves, at a time of
 * their choosing, and ask for the jobs only when a test is about them running.
 */
export function runInBackground(app: FastifyInstance, start: () => () => Promise<void>): void {
  if (!app.config.backgroundJobs) return;
  let stop: (() => Promise<void>) | null = null;
  app.addHook('onReady', async () => {
    stop = start();
  });
  app.addHook('onClose', async () => {
    await stop?.();
  });
}
