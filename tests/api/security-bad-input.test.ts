/**
 * Bad input never makes the server fail (issue: NUL characters and integers beyond PostgreSQL's
 * range gave HTTP 500). One test walks the published OpenAPI contract and sends every operation NUL
 * bytes, huge and negative numbers, wrong types, over-long strings and unknown fields in its path,
 * query and body; the others pin the 400 envelope of the cases that used to fail.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiStatus } from '@/domain/api';
import { DemoMerchants, DemoUsers } from '../../server/db/seed-fixtures';
import { makeApp, type TestApp } from './helpers';

interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minimum?: number;
  exclusiveMinimum?: boolean | number;
  maximum?: number;
  minItems?: number;
  default?: unknown;
  nullable?: boolean;
}
interface Parameter {
  in: 'path' | 'query' | 'header';
  name: string;
  required?: boolean;
  schema: JsonSchema;
}
interface Operation {
  parameters?: Parameter[];
  requestBody?: { content: Record<string, { schema: JsonSchema }> };
}

const NUL = 'a\u0000b';
const LONG = 'x'.repeat(5000);
const TOO_BIG = 2_147_483_648;
/** Query and path values arrive as text: every kind of bad value the wire can carry. */
const BAD_TEXT: Record<string, string> = {
  nul: NUL,
  intOverflow: String(TOO_BIG),
  negative: '-1',
  wrongType: 'abc',
  long: LONG,
};
/** Body values keep their JSON type, so wrong types are real ones. */
const BAD_JSON: Record<string, unknown> = {
  nul: NUL,
  intOverflow: TOO_BIG,
  huge: 1e300,
  negative: -1,
  object: { nested: NUL },
  boolean: true,
  long: LONG,
};

/** Plausible values by field name, so the rest of a request passes and the bad value reaches the handler. */
function plausibleText(name: string): string {
  const n = name.toLowerCase();
  if (n.includes('phone')) return '0912345678';
  if (n.includes('email') || n === 'recipients') return 'walk@example.vn';
  if (n.includes('password')) return 'Walk@12345';
  if (n === 'username' || n === 'account') return 'walk_user';
  if (/^(from|fromdate)$/.test(n)) return '2026-11-01';
  if (/^(to|todate)$/.test(n)) return '2026-11-20';
  if (n.includes('time')) return '08:00';
  return 'walk';
}

function sample(schema: JsonSchema | undefined, name: string): unknown {
  if (!schema) return plausibleText(name);
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum[0];
  if (schema.default !== undefined) return schema.default;
  const alternative = schema.anyOf?.[0] ?? schema.oneOf?.[0] ?? schema.allOf?.[0];
  if (alternative) return sample(alternative, name);
  const type = Array.isArray(schema.type) ? schema.type[0] : schema.type;
  switch (type) {
    case 'integer':
    case 'number': {
      const min = typeof schema.minimum === 'number' ? schema.minimum + (schema.exclusiveMinimum === true ? 1 : 0) : 1;
      return Math.max(min, 1);
    }
    case 'boolean':
      return true;
    case 'array':
      return [sample(schema.items, name)];
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [key, child] of Object.entries(schema.properties ?? {})) out[key] = sample(child, key);
      return out;
    }
    default:
      return plausibleText(name);
  }
}

function queryString(values: Record<string, string | string[]>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    for (const v of Array.isArray(value) ? value : [value]) params.append(key, v);
  }
  return params.toString();
}

describe('bad input: the OpenAPI walk', () => {
  let t: TestApp;
  let token: string;
  let operations: { method: string; path: string; op: Operation }[];
  beforeAll(async () => {
    // Generous limits: the walk checks the handlers, not the throttles (those have their own tests).
    t = await makeApp({
      logLevel: 'warn',
      loginThrottle: { maxFailuresPerUser: 100_000, maxFailuresPerIp: 100_000, windowMinutes: 15, lockMinutes: 15 },
    });
    token = await t.login('owner_demo');
    const doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, Record<string, Operation>> };
    operations = Object.entries(doc.paths)
      // The live notification stream answers with an event stream that stays open by design, so an in-process
      // request to it never completes; its refusals (no token, bad token) are tested in notifications.test.ts.
      .filter(([path]) => !path.endsWith('/stream'))
      .flatMap(([path, ops]) => Object.entries(ops).map(([method, op]) => ({ method: method.toUpperCase(), path, op })));
  });
  afterAll(() => t.close());

  it('answers every operation, whatever it is sent, with something other than a 5xx', async () => {
    const merchantId = DemoMerchants.sme.id;
    const realPath: Record<string, string> = { merchantId: String(merchantId), code: 'PROMOTION' };
    const failures: string[] = [];
    let requests = 0;

    let pending: Promise<void>[] = [];
    async function request(method: string, url: string, body: unknown, label: string) {
      const options = () => ({
        method: method as 'GET',
        url,
        ...(body === undefined ? {} : { payload: JSON.stringify(body), headers: { 'content-type': 'application/json' } }),
      });
      let res = await t.call(token, options());
      if (res.statusCode === 401 && res.json().status !== ApiStatus.INVALID_CREDENTIALS) {
        // An operation of the walk (logout, a password change) ended its session: sign in again.
        token = await t.login('owner_demo');
        res = await t.call(token, options());
      }
      if (res.statusCode >= 500) failures.push(`${method} ${url.slice(0, 160)} [${label}] → ${res.statusCode} ${res.body.slice(0, 160)}`);
    }
    /** A few requests in flight at once: the walk is bound by the database, not by waiting. */
    async function send(method: string, url: string, body: unknown, label: string) {
      requests++;
      pending.push(request(method, url, body, label));
      if (pending.length >= 8) {
        await Promise.all(pending);
        pending = [];
      }
    }

    for (const { method, path, op } of operations) {
      const params = op.parameters ?? [];
      const pathParams = params.filter((p) => p.in === 'path');
      const queryParams = params.filter((p) => p.in === 'query' && p.name !== 'lang');
      const baseQuery: Record<string, string | string[]> = { lang: 'en' };
      for (const p of queryParams) if (p.required) baseQuery[p.name] = String(sample(p.schema, p.name));
      const jsonSchema = op.requestBody?.content['application/json']?.schema;
      const baseBody = jsonSchema ? (sample(jsonSchema, 'body') as Record<string, unknown>) : undefined;
      const urlOf = (pathValues: Record<string, string>, query: Record<string, string | string[]>) =>
        `${path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(pathValues[name] ?? realPath[name] ?? '1'))}?${queryString(query)}`;

      // The path: each parameter in turn gets each bad value.
      for (const p of pathParams) {
        for (const [kind, value] of Object.entries(BAD_TEXT)) {
          await send(method, urlOf({ [p.name]: value }, baseQuery), baseBody, `path ${p.name} ${kind}`);
        }
      }
      // The query: each parameter, once alone and once repeated (arrays), plus an unknown one.
      for (const p of queryParams) {
        for (const [kind, value] of Object.entries(BAD_TEXT)) {
          await send(method, urlOf({}, { ...baseQuery, [p.name]: value }), baseBody, `query ${p.name} ${kind}`);
        }
        if (p.schema.anyOf?.some((s) => s.type === 'array')) {
          await send(method, urlOf({}, { ...baseQuery, [p.name]: ['1', String(TOO_BIG)] }), baseBody, `query ${p.name} repeated`);
        }
      }
      await send(method, urlOf({}, { ...baseQuery, unknownField: NUL }), baseBody, 'query unknown');
      await send(method, urlOf({}, { ...baseQuery, lang: NUL }), baseBody, 'query lang nul');

      // The body: each field (and each array's item) gets each bad value; then unknown fields and wrong shapes.
      const url = urlOf({}, baseQuery);
      if (baseBody && typeof baseBody === 'object' && !Array.isArray(baseBody)) {
        for (const [field, value] of Object.entries(baseBody)) {
          for (const [kind, bad] of Object.entries(BAD_JSON)) {
            await send(method, url, { ...baseBody, [field]: bad }, `body ${field} ${kind}`);
            if (Array.isArray(value)) await send(method, url, { ...baseBody, [field]: [bad] }, `body ${field}[] ${kind}`);
          }
        }
      }
      await send(method, url, { ...(baseBody ?? {}), unknownField: NUL }, 'body unknown field');
      await send(method, url, [NUL], 'body array');
      await send(method, url, NUL, 'body string');
    }

    await Promise.all(pending);

    expect(requests).toBeGreaterThan(2000);
    expect(failures).toEqual([]);
    // Each bad value was refused by a schema, naming its field, not by the database's safety net.
    expect(t.logs.filter((line) => line.includes('a bad value reached the database'))).toEqual([]);
  }, 120_000);
});

describe('bad input: the cases that answered 500', () => {
  let t: TestApp;
  let token: string;
  const SME = DemoMerchants.sme.id;
  beforeAll(async () => {
    t = await makeApp();
    token = await t.login('owner_demo');
  });
  afterAll(() => t.close());

  /** The 400 envelope naming `field`, with the message in the caller's language (`lang`). */
  async function expectRefused(res: Awaited<ReturnType<TestApp['call']>>, field: string, message: string) {
    expect(res.statusCode, res.body).toBe(400);
    const body = res.json();
    expect(body.status).toBe(ApiStatus.VALIDATION);
    expect(body.data.errors.map((e: { field: string }) => e.field)).toContain(field);
    expect(body.message).toBe(body.data.errors.find((e: { field: string }) => e.field === field).message);
    expect(body.message).toContain(message);
  }

  it('refuses ids beyond PostgreSQL integers in queries and bodies (storeId, storeList, storeIds, serviceId)', async () => {
    const get = (url: string) => t.call(token, { method: 'GET', url });
    const post = (url: string, payload: Record<string, unknown>) => t.call(token, { method: 'POST', url, payload });
    await expectRefused(await get(`/api/transaction/v3/merchants/${SME}/transaction-report?from=2026-11-01&to=2026-11-20&storeId=${TOO_BIG}&lang=en`), 'storeId', 'The value is not valid');
    await expectRefused(await get(`/api/transaction/v3/merchants/${SME}/transaction-report/totals?from=2026-11-01&to=2026-11-20&storeId=1&storeId=${TOO_BIG}`), 'storeId.1', 'Giá trị không hợp lệ');
    await expectRefused(await get(`/api/authorization/v2/merchants/${SME}/users?storeId=${TOO_BIG}&lang=en`), 'storeId', 'The value is not valid');
    await expectRefused(
      await post(`/api/authorization/v2/merchants/${SME}/users?lang=en`, { username: 'big_store_1', fullname: 'Big', password: 'Walk@12345', passwordConfirm: 'Walk@12345', role: 'STORE_CASHIER', storeList: [TOO_BIG] }),
      'storeList.0',
      'The value is not valid',
    );
    await expectRefused(await post(`/api/services/${SME}/services?lang=en`, { serviceId: TOO_BIG }), 'serviceId', 'The value is not valid');
    await expectRefused(
      await post(`/api/report-job/v1/merchants/${SME}/report-settings?lang=en`, {
        name: 'Big',
        reportType: 'TRANSACTION_REPORT',
        columns: ['id'],
        storeIds: [TOO_BIG],
        frequency: 'DAILY',
        runTime: '08:00',
        recipients: ['a@example.vn'],
      }),
      'storeIds.0',
      'The value is not valid',
    );
    await expectRefused(await get(`/api/authorization/v2/merchants/${SME}/users/${TOO_BIG}?lang=en`), 'userId', 'The value is not valid');
  });

  it('refuses NUL characters in bodies, queries, paths and keys, naming the field in the caller’s language', async () => {
    const lead = { businessName: `Tiệm${NUL}`, contactName: 'An', phoneNumber: '0912000333' };
    await expectRefused(await t.app.inject({ method: 'POST', url: '/api/onboarding/v1/merchant-leads?lang=en', payload: lead }), 'businessName', 'Business name: Must not contain the NUL character');
    await expectRefused(await t.app.inject({ method: 'POST', url: '/api/onboarding/v1/merchant-leads', payload: lead }), 'businessName', 'Không được chứa ký tự NUL');
    await expectRefused(await t.call(token, { method: 'GET', url: `/api/profile/v2/merchants/${SME}/stores?keyword=a%00b&lang=en` }), 'keyword', 'Must not contain the NUL character');
    await expectRefused(await t.call(token, { method: 'GET', url: `/api/transaction/v2/merchants/${SME}/reports/card-payment-report/a%00b?lang=en` }), 'id', 'Must not contain the NUL character');
    await expectRefused(await t.call(token, { method: 'POST', url: '/api/profile/v1/me?lang=en', payload: { fullname: 'An', ['email\u0000']: 'x' } }), 'email', 'Must not contain the NUL character');
    await expectRefused(await t.call(token, { method: 'POST', url: '/api/profile/v1/me?lang=en', payload: { fullname: 'An', email: ['a', { deep: NUL }] } }), 'email.1.deep', 'Must not contain the NUL character');
    // Nothing was written.
    const me = (await t.call(token, { method: 'GET', url: '/api/profile/v1/me' })).json().data;
    expect(me.name).toBe(DemoUsers.owner.name);
  });
});
