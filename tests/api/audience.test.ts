/**
 * Audiences (server/lib/audience): the count of an audience equals the customers that match it, checked
 * against the same rules computed in JavaScript over the rows themselves, for every filter alone and
 * combined; the page population is followers and chatting customers only; another page's tags match nobody.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { businessPageFollows, businessPages, chatConversations, customers, pageCustomerTags, pageTags, transactions } from '../../server/db/schema';
import { DemoMerchants } from '../../server/db/seed-fixtures';
import { audienceMembersAfter, countAudience, type AudienceScope } from '../../server/lib/audience';
import { ageBandOf, audienceSchema, EMPTY_AUDIENCE, type Audience, type AudienceInput } from '../../src/domain/audience';
import { makeApp, type TestApp } from './helpers';

const SME = DemoMerchants.sme.id;
const OTHER = DemoMerchants.other.id;
const YEAR = 2026;
const PROVINCES = ['Hà Nội', 'TP. Hồ Chí Minh', 'Đà Nẵng'];
const GENDERS = ['MALE', 'FEMALE', 'OTHER', null] as const;

interface Person {
  id: number;
  birthYear: number | null;
  gender: string | null;
  province: string | null;
  phone: string;
  follows: boolean;
  chats: boolean;
  pays: boolean;
  tagged: boolean;
}

describe('audiences', () => {
  let t: TestApp;
  let page: number;
  let otherPage: number;
  let tag: number;
  let otherTag: number;
  const people: Person[] = [];
  const db = () => t.database.db;

  beforeAll(async () => {
    t = await makeApp({ demoMode: true });
    const [p] = await db().insert(businessPages).values({ merchantId: SME, name: 'Trang khán giả', slug: 'api_audience_page', status: 'ACTIVE', description: 'x', category: 'FOOD_BEVERAGE' }).returning({ id: businessPages.id });
    page = p!.id;
    const [o] = await db().select({ id: businessPages.id }).from(businessPages).where(eq(businessPages.merchantId, OTHER));
    otherPage = o!.id;
    [{ id: tag }] = await db().insert(pageTags).values({ merchantId: SME, pageId: page, name: 'VIP', color: '#c62828' }).returning({ id: pageTags.id });
    [{ id: otherTag }] = await db().insert(pageTags).values({ merchantId: OTHER, pageId: otherPage, name: 'VIP', color: '#c62828' }).returning({ id: pageTags.id });
    // 120 customers spread deterministically over every attribute, including unknown ones.
    for (let i = 0; i < 120; i += 1) {
      const person = {
        birthYear: i % 9 === 0 ? null : YEAR - (10 + ((i * 7) % 60)),
        gender: GENDERS[i % 4]!,
        province: i % 5 === 0 ? null : PROVINCES[i % 3]!,
        phone: `0977${String(i).padStart(6, '0')}`,
        follows: i % 3 === 0,
        chats: i % 4 === 1,
        pays: i % 6 === 2,
        tagged: i % 7 === 3,
      };
      const [c] = await db().insert(customers).values({ username: `aud_${i}`, fullName: `Khách ${i}`, phone: person.phone, birthYear: person.birthYear, gender: person.gender, province: person.province }).returning({ id: customers.id });
      people.push({ ...person, id: c!.id });
      if (person.follows) await db().insert(businessPageFollows).values({ pageId: page, customerId: c!.id });
      if (person.chats) await db().insert(chatConversations).values({ merchantId: SME, pageId: page, customerId: c!.id });
      if (person.pays) await db().insert(transactions).values({ id: String(9_300_000_000_000 + i), merchantId: SME, status: 'SUCCESS', paymentMethod: 'WALLET', amount: 10_000, customerPhone: person.phone });
      // Paying another merchant does not make a payer of this one.
      if (i % 6 === 3) await db().insert(transactions).values({ id: String(9_310_000_000_000 + i), merchantId: OTHER, status: 'SUCCESS', paymentMethod: 'WALLET', amount: 10_000, customerPhone: person.phone });
      if (person.tagged) await db().insert(pageCustomerTags).values({ tagId: tag, customerId: c!.id, pageId: page });
      if (i % 7 === 4) await db().insert(pageCustomerTags).values({ tagId: otherTag, customerId: c!.id, pageId: otherPage });
    }
  });
  afterAll(() => t.close());

  const ours = new Set<number>();
  const matches = (a: Audience, population: AudienceScope['population']) => (p: Person) =>
    (population === 'WALLET' || p.follows || p.chats) &&
    (a.ageBands.length === 0 || a.ageBands.includes(ageBandOf(p.birthYear, YEAR)!)) &&
    (a.genders.length === 0 || a.genders.includes(p.gender as never)) &&
    (a.provinces.length === 0 || a.provinces.includes(p.province as never)) &&
    (a.tagIds.length === 0 || (a.tagIds.includes(tag) && p.tagged)) &&
    (a.followers === 'ANY' || (a.followers === 'ONLY') === p.follows) &&
    (a.payers === 'ANY' || (a.payers === 'ONLY') === p.pays);

  const cases: AudienceInput[] = [
    {},
    { ageBands: ['AGE_18_24'] },
    { ageBands: ['UNDER_18', 'AGE_55_PLUS'] },
    { genders: ['FEMALE'] },
    { provinces: ['Hà Nội', 'Đà Nẵng'] },
    { tagIds: [0] },
    { followers: 'ONLY' },
    { followers: 'NONE' },
    { payers: 'ONLY' },
    { payers: 'NONE' },
    { ageBands: ['AGE_25_34', 'AGE_35_44'], genders: ['MALE', 'OTHER'], provinces: ['TP. Hồ Chí Minh'], payers: 'NONE', followers: 'ANY' },
    { tagIds: [0], followers: 'NONE', genders: ['FEMALE', 'MALE'] },
  ];

  it.each(['WALLET', 'PAGE'] as const)('counts exactly the matching customers (%s population)', async (population) => {
    // Only this test's customers: restrict the check to them by comparing with the demo data counted alone.
    for (const c of people) ours.add(c.id);
    for (const input of cases) {
      const audience = audienceSchema.parse({ ...input, tagIds: input.tagIds?.map(() => tag) });
      const scope = { merchantId: SME, pageId: page, population, year: YEAR };
      const members: number[] = [];
      for (let after = 0; ; ) {
        const batch = await audienceMembersAfter(db(), audience, scope, after, 50);
        if (batch.length === 0) break;
        members.push(...batch.map((m) => m.id));
        after = batch.at(-1)!.id;
      }
      const expected = people.filter(matches(audience, population)).map((p) => p.id);
      expect(members.filter((id) => ours.has(id)).sort((a, b) => a - b), JSON.stringify(input)).toEqual(expected);
      const count = await countAudience(db(), audience, scope);
      expect(count, JSON.stringify(input)).toBe(members.length);
      if (population === 'PAGE') expect(count, JSON.stringify(input)).toBe(expected.length);
    }
  });

  it('matches nobody with another page’s tag', async () => {
    const audience = audienceSchema.parse({ tagIds: [otherTag] });
    expect(await countAudience(db(), audience, { merchantId: SME, pageId: page, population: 'WALLET', year: YEAR })).toBe(0);
  });

  it('refuses values outside the lists', () => {
    expect(audienceSchema.safeParse({ genders: ['X'] }).success).toBe(false);
    expect(audienceSchema.safeParse({ ageBands: ['AGE_0_5'] }).success).toBe(false);
    expect(audienceSchema.safeParse({ payers: 'SOME' }).success).toBe(false);
    expect(audienceSchema.safeParse({ tagIds: [1.5] }).success).toBe(false);
    expect(audienceSchema.safeParse({ extra: 1 }).success).toBe(false);
    expect(audienceSchema.parse({})).toEqual(EMPTY_AUDIENCE);
  });
});
