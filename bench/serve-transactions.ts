/**
 * The real app for the transaction load test, with the per-client rate limit lifted: 50 connections
 * from one address would otherwise measure the limiter's 429s, not the report. Everything else
 * (auth, membership, validation, envelope) is the production configuration.
 */
import { buildApp } from '../server/app';
import { loadConfig } from '../server/config';

const config = { ...loadConfig(process.env), rateLimit: { apiPerMinute: 1_000_000_000, loginPerMinute: 1_000_000_000 } };
const app = await buildApp(config);
await app.listen({ port: config.port, host: config.host });
const stop = () => void app.close().then(() => process.exit(0));
process.on('SIGTERM', stop);
process.on('SIGINT', stop);
