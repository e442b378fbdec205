/** The OpenAPI document (/api/docs/json) and the browsable page (/api/docs). */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ApiPaths } from '@/domain/api';
import { makeApp, type TestApp } from './helpers';

describe('OpenAPI', () => {
  let t: TestApp;
  let doc: {
    openapi: string;
    paths: Record<string, Record<string, { security?: unknown[]; parameters?: Array<{ name: string; in: string }>; responses: Record<string, unknown>; requestBody?: unknown }>>;
  };
  beforeAll(async () => {
    t = await makeApp();
    const res = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.close());

  const openApiPath = (path: string) => `/api${path.replace(/:(\w+)/g, '{$1}')}`;

  it('lists every route of the contract, and nothing outside /api', () => {
    expect(doc.openapi).toMatch(/^3\./);
    const expected = [
      ['post', ApiPaths.login],
      ['post', ApiPaths.logout],
      ['get', ApiPaths.me],
      ['get', ApiPaths.meServices],
      ['get', ApiPaths.merchants],
      ['get', ApiPaths.merchant],
      ['get', ApiPaths.merchantStores],
      ['get', ApiPaths.storeOptions],
      ['get', ApiPaths.roles],
      ['get', ApiPaths.sidebars],
      ['get', ApiPaths.health],
    ];
    for (const [method, path] of expected) expect(doc.paths[openApiPath(path)]?.[method], `${method} ${path}`).toBeDefined();
    expect(Object.keys(doc.paths).every((p) => p.startsWith('/api/') && !p.startsWith('/api/docs'))).toBe(true);
  });

  it('documents parameters, bodies, the bearer token and the error envelope from the zod schemas', () => {
    const stores = doc.paths[openApiPath(ApiPaths.merchantStores)].get;
    expect(stores.parameters!.map((p) => `${p.in}:${p.name}`).sort()).toEqual(
      ['path:merchantId', 'query:isActive', 'query:keyword', 'query:lang', 'query:pageNumber', 'query:pageSize', 'query:sort'].sort(),
    );
    expect(stores.security).toEqual([{ bearerAuth: [] }]);
    expect(Object.keys(stores.responses)).toEqual(expect.arrayContaining(['200', '4XX', '5XX']));
    const login = doc.paths[openApiPath(ApiPaths.login)].post;
    expect(login.security).toBeUndefined();
    expect(JSON.stringify(login.requestBody)).toContain('username');
    expect(doc.paths[openApiPath(ApiPaths.health)].get.security).toBeUndefined();
  });

  it('serves the browsable page under the same strict script policy', async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/text\/html/);
    // Every script is a file of our origin: nothing inline that the CSP would block.
    expect(page.body).toContain('<script src="/api/docs/static/swagger-initializer.js"');
    expect(page.body).not.toMatch(/<script>|<script type="text\/javascript">/);
    expect(String(page.headers['content-security-policy'])).toContain("script-src 'self';");
    const initializer = await t.app.inject({ method: 'GET', url: '/api/docs/static/swagger-initializer.js' });
    expect(initializer.statusCode).toBe(200);
    expect(initializer.body).toMatch(/json/);
  });
});
