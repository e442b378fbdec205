#!/usr/bin/env node
/**
 * Reads the demo outbox of a running server: `npm run outbox -- <phone or e-mail> [--url http://host:port]`.
 * Prints the newest messages sent to that address (codes included). Demo mode only: outside it the
 * server has no outbox and this prints why. The server answers only requests from its own machine:
 * run this where the server runs.
 */
const args = process.argv.slice(2);
const urlFlag = args.indexOf('--url');
const base = (urlFlag >= 0 ? args[urlFlag + 1] : process.env.OUTBOX_URL ?? `http://localhost:${process.env.PORT ?? 8080}`).replace(/\/+$/, '');
const address = args.find((a, i) => !a.startsWith('--') && i !== urlFlag + 1);
if (!address) {
  console.error('Usage: npm run outbox -- <phone or e-mail> [--url http://localhost:8080]');
  process.exit(2);
}
try {
  const res = await fetch(`${base}/api/demo/outbox?to=${encodeURIComponent(address)}&lang=en`);
  if (res.status === 404) {
    console.error(`No outbox at ${base}: the server is not in demo mode (DEMO_MODE=on).`);
    process.exit(1);
  }
  if (res.status === 403) {
    console.error(`The outbox at ${base} answers only requests from the server's own machine: run this command there.`);
    process.exit(1);
  }
  const body = await res.json();
  if (body.status !== 0) throw new Error(body.message);
  if (body.data.length === 0) console.log(`No messages to ${address}.`);
  for (const m of body.data) {
    console.log(`${m.createdAt}  ${m.channel} → ${m.to}${m.code ? `  code ${m.code}` : ''}\n  ${m.text}`);
  }
} catch (err) {
  console.error(`Cannot read the outbox at ${base}: ${err.message}`);
  process.exit(1);
}
