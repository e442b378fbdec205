/**
 * A graceful shutdown closes the database last: every plugin's own onClose (a background pass finishing,
 * a LISTEN stopping) runs while it is still open. Fastify runs onClose hooks in the reverse order they
 * were added, so the app adds its database close first; added last, it ran first and a report pass cut
 * in half by a SIGTERM failed with "PGlite is closed".
 */
import { expect, it } from 'vitest';
import { buildApp } from '../../server/app';
import { testConfig } from '../../server/config';
import type { Database } from '../../server/db/client';
import { openTemplateDatabase } from './helpers';

it('stops every listener, then closes the database it owns', async () => {
  const inner = await openTemplateDatabase();
  const events: string[] = [];
  const database: Database = {
    ...inner,
    listen: async (channel, onPayload) => {
      const stop = await inner.listen(channel, onPayload);
      return async () => {
        events.push(`unlisten ${channel}`);
        await stop();
      };
    },
    close: async () => {
      events.push('close');
      await inner.close();
    },
  };
  // `opening` rather than `db`: the app owns this database and closes it on shutdown, as in production.
  const app = await buildApp(testConfig({ logLevel: 'silent', backgroundJobs: true }), { opening: Promise.resolve(database) });
  await app.close();

  expect(events.filter((e) => e.startsWith('unlisten ')).length).toBeGreaterThan(0);
  expect(events.filter((e) => e === 'close')).toHaveLength(1);
  expect(events.at(-1)).toBe('close');
});
