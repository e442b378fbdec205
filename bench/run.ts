/**
 * `npm run bench`: measures what the issues budget and writes bench/results.json.
 * - gzip size of the JS /portal/auth/login loads (budget 200 KB) and of all JS /portal/app/welcome loads
 * - server start time with an existing database (spawn to first healthy answer)
 * - first contentful paint of the login page (median of three cold loads), and each figure beside issue 19's target
 * - login-to-welcome time in headless Chromium
 * - gzip size of the JS the public payer page /portal/pay/<code> loads (budget 120 KB: it must not load the admin)
 * - gzip size of the JS the public business page /portal/p/<slug> loads (budget 100 KB: it must not load the admin)
 * - a 10,000-row disbursement batch read and checked (budget 5 s; bench/disbursement-batch.ts)
 * - a 200,000-row order file read and matched against 200,000 transactions on PGlite (budget 10 s; bench/transaction-control.ts)
 * - a business page's overview report over 12 months of activity on PGlite (budget 300 ms; bench/page-reports.ts)
 * - 1,000 concurrent live-chat websocket clients on one process: p99 delivery (budget 200 ms) and memory (bench/live-chat.ts)
 * - a campaign audience estimate over 100,000 wallet customers on PGlite (budget 200 ms; bench/marketing-audience.ts)
 * Runs against the built app (dist/); builds it first when missing.
 */
import { spawn, execSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { chromium, type Page } from '@playwright/test';
import { chromiumPath } from '../playwright.config';
import { JS_BUDGETS_KB, kb, loadPageJs, mainVisible, signInForBench, welcomePageJs } from './page-js';
import { median, mergeTransactionBench } from './transactions';
import { measureBatchValidation } from './disbursement-batch';
import { measureTransactionControl } from './transaction-control';
import { measurePageReports } from './page-reports';
import { measureLiveChat } from './live-chat';
import { measureMarketingAudience } from './marketing-audience';

const root = join(import.meta.dirname, '..');
const port = Number(process.env.BENCH_PORT ?? 8282);
const base = `http://127.0.0.1:${port}`;
const dataDir = join(root, 'bench', '.data');
const LOGIN_BUDGET_KB = 200;
/** Issue 19's targets: login JS, first paint of the login page on localhost, welcome JS, start with an existing database. */
const TARGETS = { loginPageJsKB: JS_BUDGETS_KB.login, loginFirstPaintMs: 400, welcomePageJsKB: JS_BUDGETS_KB.welcome, serverStartMs: 1500 } as const;

function startServer(): ChildProcess {
  return spawn(process.execPath, ['dist/server/main.js'], {
    cwd: root,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, LOG_LEVEL: 'warn' },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

async function waitHealthy(timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    try {
      const res = await fetch(`${base}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 5));
  }
  throw new Error(`server not healthy within ${timeoutMs} ms`);
}

async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  await exited;
}

async function main() {
  if (!existsSync(join(root, 'dist/server/main.js')) || !existsSync(join(root, 'dist/client/index.html'))) {
    execSync('npm run build', { cwd: root, stdio: 'inherit' });
  }
  if (process.env.BENCH_FRESH !== '0') rmSync(dataDir, { recursive: true, force: true });
  mkdirSync(dataDir, { recursive: true });

  // First start creates, migrates and seeds; the measured starts reuse that database.
  let server = startServer();
  await waitHealthy(300_000);
  await stopServer(server);

  const startTimes: number[] = [];
  for (let i = 0; i < 3; i++) {
    const t0 = performance.now();
    server = startServer();
    await waitHealthy(60_000);
    startTimes.push(performance.now() - t0);
    if (i < 2) await stopServer(server);
  }

  const browser = await chromium.launch({
    executablePath: chromiumPath,
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  try {
    const context = await browser.newContext();
    // Each page is measured once it is ready (its main landmark shown, no request in flight): not at
    // 'networkidle', which never comes on a signed-in page while the bell keeps its live stream open.
    const loginPage = await context.newPage();
    const loginJs = await loadPageJs(loginPage, `${base}/portal/auth/login`, { ready: mainVisible });
    const loginJsBytes = loginJs.bytes;
    const firstPaint = (page: Page) => page.evaluate(() => performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? null);
    // The median of three cold loads (each in a new context, nothing cached): the first load of a browser
    // just launched on this shared machine once took 432 ms where the next loads took 70-180 ms.
    const paintRuns: (number | null)[] = [await firstPaint(loginPage)];
    await loginPage.close();
    for (let i = 0; i < 2; i++) {
      const cold = await browser.newContext();
      const page = await cold.newPage();
      await loadPageJs(page, `${base}/portal/auth/login`, { ready: mainVisible });
      paintRuns.push(await firstPaint(page));
      await cold.close();
    }
    const loginFirstPaintMs = paintRuns.includes(null) ? null : median(paintRuns as number[]);

    const t0 = performance.now();
    await signInForBench(context, base);
    const loginToWelcomeMs = performance.now() - t0;

    const welcomeJsBytes = (await welcomePageJs(context, base)).bytes;

    // The payer page's code is the same for every link; an unknown code loads it all the same.
    const payerJsBytes = (await loadPageJs(await context.newPage(), `${base}/portal/pay/BENCHCODE0`, { ready: mainVisible })).bytes;
    // Likewise the public business page: the same code for every slug.
    const publicPageJsBytes = (await loadPageJs(await context.newPage(), `${base}/portal/p/bench-page`, { ready: mainVisible })).bytes;
    const batch = await measureBatchValidation();
    const control = await measureTransactionControl();
    const pageReports = await measurePageReports();
    const liveChat = await measureLiveChat();
    const marketingAudience = await measureMarketingAudience();

    const results = {
      measuredAt: new Date().toISOString(),
      node: process.version,
      loginPageJsGzipKB: kb(loginJsBytes),
      loginPageJsBudgetKB: LOGIN_BUDGET_KB,
      loginPageWithinBudget: kb(loginJsBytes) <= LOGIN_BUDGET_KB,
      // Issue 19's targets, reported beside each figure: a missed target fails the run, as a budget does.
      loginPageJsTargetKB: TARGETS.loginPageJsKB,
      loginPageWithinTarget: kb(loginJsBytes) <= TARGETS.loginPageJsKB,
      loginFirstPaintMs: loginFirstPaintMs === null ? null : Math.round(loginFirstPaintMs),
      loginFirstPaintRunsMs: paintRuns.map((ms) => (ms === null ? null : Math.round(ms))),
      loginFirstPaintTargetMs: TARGETS.loginFirstPaintMs,
      loginFirstPaintWithinTarget: loginFirstPaintMs !== null && loginFirstPaintMs <= TARGETS.loginFirstPaintMs,
      welcomePageJsGzipKB: kb(welcomeJsBytes),
      welcomePageJsTargetKB: TARGETS.welcomePageJsKB,
      welcomePageWithinTarget: kb(welcomeJsBytes) <= TARGETS.welcomePageJsKB,
      serverStartMs: Math.round(median(startTimes)),
      serverStartTargetMs: TARGETS.serverStartMs,
      serverStartWithinTarget: median(startTimes) <= TARGETS.serverStartMs,
      serverStartRunsMs: startTimes.map(Math.round),
      loginToWelcomeMs: Math.round(loginToWelcomeMs),
      payerPageJsGzipKB: kb(payerJsBytes),
      payerPageJsBudgetKB: JS_BUDGETS_KB.payer,
      payerPageWithinBudget: payerJsBytes > 0 && kb(payerJsBytes) <= JS_BUDGETS_KB.payer,
      publicPageJsGzipKB: kb(publicPageJsBytes),
      publicPageJsBudgetKB: JS_BUDGETS_KB.publicPage,
      publicPageWithinBudget: publicPageJsBytes > 0 && kb(publicPageJsBytes) <= JS_BUDGETS_KB.publicPage,
      ...batch,
      ...control,
      ...pageReports,
      ...liveChat,
      ...marketingAudience,
    };
    writeFileSync(join(root, 'bench', 'results.json'), `${JSON.stringify(results, null, 2)}\n`);
    console.log(JSON.stringify(results, null, 2));
    const missed = Object.entries(results).filter(([key, value]) => /Within(Budget|Target)$/.test(key) && value !== true);
    if (missed.length > 0) {
      console.error(`over budget or target: ${missed.map(([key]) => key).join(', ')}`);
      process.exitCode = 1;
    }
  } finally {
    await browser.close();
    await stopServer(server);
  }
}

// Then the transaction report at scale (issue 7): its own large database, merged into results.json.
main()
  .then(() => (process.env.BENCH_TX === '0' ? undefined : mergeTransactionBench()))
  .catch((err) => {
    console.error(err);
    process.exit(1);
  });
