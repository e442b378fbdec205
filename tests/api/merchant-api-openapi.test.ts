/** The signed merchant API in the OpenAPI contract: a named HMAC security scheme, required by every signed route (never the bearer token). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths, PaymentIntegrationApiPaths as Paths } from '@/domain/api';
import { MERCHANT_SIGNATURE_SCHEME } from '../../server/lib/merchant-api';
import { makeApp, type TestApp } from './helpers';

type Operation = { security?: unknown[] };
const openApiPath = (path: string) => `/api${path.replace(/:(\w+)/g, '{$1}')}`;

describe('merchant API security scheme', () => {
  let t: TestApp;
  let doc: { components: { securitySchemes: Record<string, { type: string; in?: string; name?: string; description?: string }> }; paths: Record<string, Record<string, Operation>> };
  beforeAll(async () => {
    t = await makeApp();
    doc = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
  });
  afterAll(() => t.close());

  it('names the HMAC signature scheme in components', () => {
    const scheme = doc.components.securitySchemes[MERCHANT_SIGNATURE_SCHEME];
    expect(scheme).toMatchObject({ type: 'apiKey', in: 'header', name: 'X-Signature' });
    expect(scheme.description).toContain('X-Access-Key');
    expect(scheme.description).toContain('X-Timestamp');
    expect(scheme.description).toContain('HMAC-SHA256');
  });

  it('every signed route requires it, and only it; session routes keep the bearer token', () => {
    const signed = Object.entries(doc.paths).flatMap(([path, ops]) => (path.startsWith('/api/payment/v2/open/') ? Object.values(ops) : []));
    expect(signed.length).toBe(4);
    for (const op of signed) expect(op.security).toEqual([{ [MERCHANT_SIGNATURE_SCHEME]: [] }]);
    for (const path of [Paths.openTransaction, Paths.openRefunds, Paths.openLinks, Paths.openLink]) {
      const ops = Object.values(doc.paths[openApiPath(path)] ?? {});
      expect(ops.length, path).toBeGreaterThan(0);
      for (const op of ops) expect(op.security).toEqual([{ [MERCHANT_SIGNATURE_SCHEME]: [] }]);
    }
    expect(doc.paths[openApiPath(ApiPaths.merchantStores)].get.security).toEqual([{ bearerAuth: [] }]);
    expect(doc.paths[openApiPath(Paths.overview)].get.security).toEqual([{ bearerAuth: [] }]);
  });
});
