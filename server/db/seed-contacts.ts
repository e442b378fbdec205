/**
 * The demo accounts' phones and e-mails count as verified (their owners are the demo), so SMS login,
 * password reset, invitations by phone and two-factor work on them at once. Generated accounts stay
 * unverified, like any account whose owner never confirmed a code.
 */
import { sql } from 'drizzle-orm';
import type { DomainSeed } from './seed-types';

export const seedContacts: DomainSeed = async (tx) => {
  // Runs last, so every demo account of every domain exists; `_demo` names only the demo accounts.
  for (const [channel, column] of [
    ['SMS', sql`phone`],
    ['EMAIL', sql`lower(email)`],
  ] as const) {
    await tx.execute(sql`
      insert into verified_contacts (user_id, channel, address)
      select distinct on (${column}) id, ${channel}, ${column} from users
      where username like '%\\_demo' and ${column} is not null
      order by ${column}, id
      on conflict do nothing`);
  }
};
