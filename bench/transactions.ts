/**
 * Transaction report at scale (issue 7), merged into bench/results.json by `npm run bench`:
 * - 50 connections for 10 s (after a 3 s warm-up) on the transaction-report page endpoint (last 90 days, page 0) vs a bare
 *   node:http handler running the same queries on the same database (bench/bare-transactions.ts);
 * - median of the 90-day totals endpoint;
 * - a whole-year CSV export (every row of the merchant) as an export job: rows/s and the server's peak RSS.
 * Runs on a database seeded with BENCH_TX_SEED (default `large`: 1,000,000 rows for the SME merchant) in
 * bench/.data-tx, kept between runs (BENCH_TX_FRESH=1 reseeds); against PostgreSQL when DATABASE_URL is set.
 */
import autocannon from 'autocannon';
import { execSync, spawn, type ChildProcess } from 'node:child_process';
import { existsSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { addDays, presetRange, vietnamToday } from '../src/domain/time';

const root = join(import.meta.dirname, '..');
const port = Number(process.env.BENCH_TX_PORT ?? 8284);
const barePort = port + 1;
const base = `http://127.0.0.1:${port}`;
const dataDir = join(root, 'bench', '.data-tx');
const seed = process.env.BENCH_TX_SEED ?? 'large';
const usePostgres = Boolean(process.env.DATABASE_URL);

function env(extra: Record<string, string> = {}) {
  return { ...process.env, HOST: '127.0.0.1', DATA_DIR: dataDir, SEED_SIZE: seed, LOG_LEVEL: 'warn', ...extra };
}

async function waitOk(url: string, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      if ((await fetch(url)).ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 50));
  }
  throw new Error(`${url} not ready within ${timeoutMs} ms`);
}

async function stop(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

function rssMb(pid: number): number {
  try {
    const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return m ? Math.round(Number(m[1]) / 1024) : 0;
  } catch {
    return 0;
  }
}

async function load(url: string, headers: Record<string, string>) {
  // A 3 s warm-up at the same load first: the first seconds of a fresh process (JIT, PGlite's catalog
  // and plan caches) are not what a running server does, and they alone pushed p99 over a second.
  await autocannon({ url, connections: 50, duration: 3, headers });
  const result = await autocannon({ url, connections: 50, duration: 10, headers });
  return {
    requestsPerSec: Math.round(result.requests.average),
    p50Ms: result.latency.p50,
    p99Ms: result.latency.p99,
    errors: result.errors + result.non2xx,
  };
}

export async function runTransactionBench(): Promise<Record<string, unknown>> {
  if (!existsSync(join(root, 'dist/server/main.js'))) execSync('npm run build:server', { cwd: root, stdio: 'inherit' });
  if (process.env.BENCH_TX_FRESH === '1') rmSync(dataDir, { recursive: true, force: true });
  const seeding = !existsSync(dataDir) && !usePostgres;
  const t0 = performance.now();
  const serve = () =>
    // The production build, as `npm start` runs it, with the per-client rate limits lifted: 50
    // connections from one address would otherwise measure the limiter's 429s, not the report.
    spawn(process.execPath, ['dist/server/main.js'], {
      cwd: root,
      env: env({ PORT: String(port), RATE_LIMIT_API_PER_MINUTE: '1000000', RATE_LIMIT_LOGIN_PER_MINUTE: '1000000' }),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
  let server = serve();
  try {
    await waitOk(`${base}/api/health`, 900_000);
    const startMs = Math.round(performance.now() - t0);
    // Measure a server as it runs in production, not the one that has just seeded a million rows (the
    // bulk insert and index builds leave PGlite's WebAssembly heap at its high-water mark for good).
    if (seeding) {
      await stop(server);
      server = serve();
      await waitOk(`${base}/api/health`, 120_000);
    }
    const login = await fetch(`${base}/api/authentication/v1/login`, {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify({ username: 'owner_demo', password: 'Demo@1234' }),
    });
    const token = ((await login.json()) as { data: { token: string } }).data.token;
    const auth = { authorization: `Bearer ${token}` };
    const today = vietnamToday();
    const r90 = presetRange('last90Days', today);
    const listUrl = `${base}/api/transaction/v3/merchants/1/transaction-report?from=${r90.from}&to=${r90.to}`;
    const first = (await (await fetch(listUrl, { headers: auth })).json()) as { data: { totalElements: number } };

    // Totals of 90 days: median of 30 sequential calls (after 3 warm-up calls).
    const totalsUrl = `${base}/api/transaction/v3/merchants/1/transaction-report/totals?from=${r90.from}&to=${r90.to}`;
    const totalsMs: number[] = [];
    for (let i = 0; i < 33; i++) {
      const s = performance.now();
      await (await fetch(totalsUrl, { headers: auth })).arrayBuffer();
      if (i >= 3) totalsMs.push(performance.now() - s);
    }
    totalsMs.sort((a, b) => a - b);

    const api = await load(listUrl, auth);

    // The whole year: every row of the merchant, as an export job; RSS sampled every 100 ms.
    const from = addDays(today, -365);
    const exportStart = performance.now();
    const started = await fetch(`${base}/api/transaction/v3/merchants/1/transaction-report/exports?from=${from}&to=${today}&format=csv`, {
      method: 'POST',
      headers: auth,
    });
    const startedBody = (await started.json()) as { data?: { id: string; totalRows: number } };
    if (started.status !== 202 || !startedBody.data) throw new Error(`export: ${started.status} ${JSON.stringify(startedBody)}`);
    const job = startedBody.data;
    let peakRss = rssMb(server.pid!);
    let status = 'QUEUED';
    let processed = 0;
    for (let tick = 1; status === 'QUEUED' || status === 'RUNNING'; tick++) {
      await new Promise((r) => setTimeout(r, 100));
      peakRss = Math.max(peakRss, rssMb(server.pid!));
      if (tick % 5 === 0) {
        const j = (await (await fetch(`${base}/api/report-job/v1/merchants/1/exports/${job.id}`, { headers: auth })).json()) as {
          data: { status: string; processedRows: number };
        };
        status = j.data.status;
        processed = j.data.processedRows;
      }
    }
    const exportSeconds = (performance.now() - exportStart) / 1000;
    await stop(server);

    // The same page query from a bare node:http handler on the same database.
    const bare = spawn(process.execPath, ['--import', 'tsx', 'bench/bare-transactions.ts'], {
      cwd: root,
      env: env({ PORT: String(barePort) }),
      stdio: ['ignore', 'ignore', 'inherit'],
    });
    let bareResult;
    try {
      await waitOk(`http://127.0.0.1:${barePort}/`, 120_000);
      bareResult = await load(`http://127.0.0.1:${barePort}/`, {});
    } finally {
      await stop(bare);
    }

    return {
      transactionBench: {
        database: usePostgres ? 'postgres' : 'pglite',
        seed,
        firstStartMs: seeding ? startMs : undefined,
        rowsInLast90Days: first.data.totalElements,
        pageEndpoint: api,
        bareNodeHttp: bareResult,
        throughputVsBarePct: Math.round((api.requestsPerSec / bareResult.requestsPerSec) * 100),
        targets: { p99UnderMs: 250, throughputPctOfBareAtLeast: 80, totalsMedianUnderMs: 100, exportRowsPerSecAtLeast: 30000, exportRssUnderMb: 500 },
        totals90DaysMedianMs: Math.round(totalsMs[Math.floor(totalsMs.length / 2)]! * 10) / 10,
        csvExport: {
          rows: job.totalRows,
          processedRows: processed,
          status,
          seconds: Math.round(exportSeconds * 10) / 10,
          rowsPerSec: Math.round(job.totalRows / exportSeconds),
          serverPeakRssMb: peakRss,
        },
      },
    };
  } finally {
    await stop(server);
  }
}

/** Merges the figures into bench/results.json and prints them. */
export async function mergeTransactionBench(): Promise<void> {
  const file = join(root, 'bench', 'results.json');
  const figures = await runTransactionBench();
  const current = existsSync(file) ? (JSON.parse(readFileSync(file, 'utf8')) as Record<string, unknown>) : {};
  writeFileSync(file, `${JSON.stringify({ ...current, ...figures }, null, 2)}\n`);
  console.log(JSON.stringify(figures, null, 2));
}

if (process.argv[1]?.endsWith('transactions.ts')) {
  mergeTransactionBench().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
