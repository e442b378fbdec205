/**
 * The baseline of the transaction-report load test: a bare node:http handler on the same database
 * running the same query as the API (repository pageWithCount), without Fastify, auth or validation.
 * Started by bench/transactions.ts once the server has released the database.
 */
import { createServer } from 'node:http';
import { openDatabase } from '../server/db/client';
import { transactionsRepository } from '../server/routes/transaction-report/repository';
import { presetRange, vietnamToday } from '../src/domain/time';

const port = Number(process.env.PORT ?? 8283);
const database = await openDatabase({ dataDir: process.env.DATA_DIR ?? null, databaseUrl: process.env.DATABASE_URL ?? null });
const repo = transactionsRepository(database.db);
const scope = { merchantId: Number(process.env.MERCHANT_ID ?? 1), storeIds: null };
const filter = presetRange('last90Days', vietnamToday());

const server = createServer((_req, res) => {
  repo
    .pageWithCount(scope, filter, { pageNumber: 0, pageSize: 20 }, null)
    .then((page) => {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ status: 0, message: 'OK', data: { content: page.rows, totalElements: page.total, nextCursor: page.nextCursor } }));
    })
    .catch((err: unknown) => {
      res.writeHead(500);
      res.end(String(err));
    });
});
server.listen(port, '127.0.0.1', () => process.stdout.write('ready\n'));
const stop = () => server.close(() => void database.close().then(() => process.exit(0)));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
