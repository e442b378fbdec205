/**
 * Background jobs run only in a process configured to run them (BACKGROUND_JOBS, config.backgroundJobs):
 * the seed leaves a daily report setting due, so a process running the jobs produces its file on the
 * scheduler's first pass, and one without them (every other API test's app) never does.
 */
import { afterAll, beforeAll, expect, it } from 'vitest';
import { reportFiles } from '../../server/db/schema';
import { makeApp, type TestApp } from './helpers';

let withJobs: TestApp;
let without: TestApp;

beforeAll(async () => {
  [withJobs, without] = await Promise.all([makeApp({ backgroundJobs: true }), makeApp()]);
}, 60_000);
afterAll(async () => {
  await Promise.all([withJobs?.close(), without?.close()]);
});

const filesOf = (t: TestApp) => t.database.db.select({ status: reportFiles.status }).from(reportFiles);

it('a process with background jobs produces the due report; one without them does not', async () => {
  expect(await filesOf(without)).toEqual([]);
  const deadline = Date.now() + 30_000;
  while (!(await filesOf(withJobs)).some((f) => f.status === 'READY') && Date.now() < deadline) await new Promise((r) => setTimeout(r, 200));
  expect((await filesOf(withJobs)).map((f) => f.status)).toContain('READY');
  // The other app was built alongside: 3 s more puts it past the scheduler's first pass (2 s after start)
  // and the time that pass took here. Still nothing there.
  await new Promise((r) => setTimeout(r, 3_000));
  expect(await filesOf(without)).toEqual([]);
}, 60_000);
