/**
 * Issue 17's audience budget: the live estimate of a campaign's audience over 100,000 wallet customers in
 * under 200 ms on PGlite, through countAudience (what the create screen's estimate endpoint runs). Its own
 * in-memory database, migrated, with 100,000 customers (birth years, genders, provinces), a page followed by
 * one in three of them and tags on one in five; each audience below is counted RUNS times, the worst kept.
 */
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import { EMPTY_AUDIENCE, type Audience } from '../src/domain/audience';
import { pgliteDatabase, pgliteExtensions, rows } from '../server/db/client';
import { countAudience } from '../server/lib/audience';

export const AUDIENCE_BUDGET_MS = 200;
const CUSTOMERS = 100_000;
const RUNS = 5;
const PROVINCES = ['Hà Nội', 'TP. Hồ Chí Minh', 'Đà Nẵng', 'Hải Phòng', 'Cần Thơ', 'Khánh Hòa', 'Quảng Ninh', 'Lâm Đồng'];

export async function measureMarketingAudience() {
  const database = pgliteDatabase(await PGlite.create({ extensions: pgliteExtensions }));
  try {
    await database.migrate();
    const db = database.db;
    const [merchant] = await rows<{ id: number }>(
      db,
      sql`insert into merchants (partner_code, name, brand_name, type, state_code) values ('MC_BENCH', 'Bench', 'Bench', 'SME', 201) returning id`,
    );
    const merchantId = merchant!.id;
    const [page] = await rows<{ id: number }>(db, sql`insert into business_pages (merchant_id, name, slug, status) values (${merchantId}, 'Bench', 'bench_page', 'ACTIVE') returning id`);
    const pageId = page!.id;
    const provinces = sql.raw(`array[${PROVINCES.map((p) => `'${p}'`).join(', ')}]`);
    await db.execute(sql`insert into customers (username, full_name, phone, birth_year, gender, province)
      select 'bench' || i, 'Khách ' || i, '09' || lpad(i::text, 8, '0'),
        case when i % 10 = 0 then null else 1950 + (abs(hashint4(i)) % 58) end,
        case when i % 13 = 0 then null else (array['MALE', 'FEMALE', 'OTHER'])[1 + abs(hashint4(i + 7)) % 3] end,
        case when i % 11 = 0 then null else (${provinces})[1 + abs(hashint4(i + 3)) % ${PROVINCES.length}] end
      from generate_series(1, ${CUSTOMERS}) as i`);
    await db.execute(sql`insert into business_page_follows (page_id, customer_id) select ${pageId}, id from customers where id % 3 = 0`);
    const tags = await rows<{ id: number }>(
      db,
      sql`insert into page_tags (merchant_id, page_id, name, color) select ${merchantId}, ${pageId}, 'Tag ' || i, '#2e7d32' from generate_series(1, 5) as i returning id`,
    );
    await db.execute(sql`insert into page_customer_tags (tag_id, customer_id, page_id)
      select (${sql.raw(`array[${tags.map((t) => t.id).join(', ')}]`)})[1 + c.id % 5], c.id, ${pageId} from customers c where c.id % 5 = 0`);
    await database.vacuum();

    const audiences: Record<string, Audience> = {
      everyone: EMPTY_AUDIENCE,
      womenInTwoCities: { ...EMPTY_AUDIENCE, genders: ['FEMALE'], provinces: ['Hà Nội', 'Đà Nẵng'] },
      youngFollowers: { ...EMPTY_AUDIENCE, ageBands: ['AGE_18_24', 'AGE_25_34'], followers: 'ONLY' },
      taggedNonFollowersNotPayers: { ...EMPTY_AUDIENCE, tagIds: [tags[0]!.id, tags[1]!.id], followers: 'NONE', payers: 'NONE' },
      everything: { ageBands: ['AGE_25_34', 'AGE_35_44'], genders: ['MALE', 'FEMALE'], provinces: PROVINCES.slice(0, 4), tagIds: tags.map((t) => t.id), payers: 'ANY', followers: 'ONLY' },
    };
    const scope = { merchantId, pageId, population: 'WALLET' as const };
    const counts: Record<string, number> = {};
    let worst = 0;
    const medians: number[] = [];
    for (const [name, audience] of Object.entries(audiences)) {
      counts[name] = await countAudience(db, audience, scope);
      const times: number[] = [];
      for (let i = 0; i < RUNS; i++) {
        const t0 = performance.now();
        await countAudience(db, audience, scope);
        times.push(performance.now() - t0);
      }
      times.sort((a, b) => a - b);
      medians.push(times[Math.floor(times.length / 2)]!);
      worst = Math.max(worst, times[times.length - 1]!);
    }
    if (counts.everyone !== CUSTOMERS) throw new Error(`unexpected audience counts: ${JSON.stringify(counts)}`);
    const round = (n: number) => Math.round(n * 10) / 10;
    return {
      marketingAudienceCustomers: CUSTOMERS,
      marketingAudienceCounts: counts,
      marketingAudienceMedianMs: round(Math.max(...medians)),
      marketingAudienceWorstMs: round(worst),
      marketingAudienceBudgetMs: AUDIENCE_BUDGET_MS,
      marketingAudienceWithinBudget: worst < AUDIENCE_BUDGET_MS,
    };
  } finally {
    await database.close();
  }
}

if (process.argv[1] === import.meta.filename) {
  measureMarketingAudience()
    .then((r) => process.stdout.write(`${JSON.stringify(r, null, 2)}\n`))
    .catch((err) => {
      process.stderr.write(`${String(err?.stack ?? err)}\n`);
      process.exitCode = 1;
    });
}
