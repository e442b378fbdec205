// @vitest-environment node
/**
 * The import boundaries of eslint.config.js really hold: each snippet below breaks one, linted as if it
 * sat at `filePath`, and must get an error from the rule that guards it. (Flat-config blocks replace
 * each other's no-restricted-imports, so a rule can silently stop applying; this test notices.)
 */
import { ESLint } from 'eslint';
import { fileURLToPath } from 'node:url';
import { beforeAll, describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../..', import.meta.url));

interface Case {
  boundary: string;
  filePath: string;
  code: string;
  rule: string;
}

const BROKEN: Case[] = [
  {
    boundary: 'domain → server',
    filePath: 'src/domain/fixture.ts',
    code: "import { loadConfig } from '../../server/config';\nexport const config = loadConfig;\n",
    rule: 'no-restricted-imports',
  },
  {
    boundary: 'domain → react',
    filePath: 'src/domain/fixture.ts',
    code: "import { useState } from 'react';\nexport const state = useState;\n",
    rule: 'no-restricted-imports',
  },
  {
    boundary: 'domain → browser-side module',
    filePath: 'src/domain/fixture.ts',
    code: "import { storage } from '@/storage';\nexport const s = storage;\n",
    rule: 'no-restricted-imports',
  },
  {
    boundary: 'shared → resource list',
    filePath: 'src/dataProvider/fixture.ts',
    code: "import { resources } from '@/resources';\nexport const all = resources;\n",
    rule: 'no-restricted-imports',
  },
  {
    boundary: 'shared → a resource, dynamically',
    filePath: 'src/layout/fixture.ts',
    code: "export const load = () => import('@/resources/users');\n",
    rule: 'no-restricted-syntax',
  },
  {
    boundary: 'shared → a resource, relative path',
    filePath: 'src/authProvider/fixture.ts',
    code: "import users from '../resources/users';\nexport const u = users;\n",
    rule: 'no-restricted-imports',
  },
  {
    boundary: 'resource → another resource',
    filePath: 'src/resources/users/fixture.ts',
    code: "import stores from '../stores';\nexport const s = stores;\n",
    rule: 'no-restricted-imports',
  },
  {
    boundary: 'resource → another resource through the alias, deeper file',
    filePath: 'src/resources/merchant-info/payout/fixture.ts',
    code: "import stores from '@/resources/stores';\nexport const s = stores;\n",
    rule: 'no-restricted-imports',
  },
  {
    boundary: 'resource → the resource list, dynamically',
    filePath: 'src/resources/users/fixture.ts',
    code: "export const load = () => import('@/resources');\n",
    rule: 'no-restricted-syntax',
  },
  {
    boundary: 'portal → server',
    filePath: 'src/pages/fixture.tsx',
    code: "import { buildApp } from '../../server/app';\nexport const app = buildApp;\n",
    rule: 'no-restricted-imports',
  },
  {
    boundary: 'screen → HTTP client',
    filePath: 'src/components/fixture.ts',
    code: "import { httpClient } from '@/dataProvider/httpClient';\nexport const h = httpClient;\n",
    rule: 'no-restricted-imports',
  },
  {
    boundary: 'fetch outside the HTTP client',
    filePath: 'src/components/fixture.ts',
    code: "export const get = () => fetch('/api/health');\n",
    rule: 'no-restricted-globals',
  },
  {
    boundary: 'server → client code other than src/domain',
    filePath: 'server/routes/fixture.ts',
    code: "import { storage } from '@/storage';\nexport const s = storage;\n",
    rule: 'no-restricted-imports',
  },
  {
    boundary: 'a bare envelope status in server code',
    filePath: 'server/routes/fixture.ts',
    code: "import { ApiError } from '../errors';\nexport const fail = () => new ApiError(409, 9, 'common.conflict');\n",
    rule: 'no-restricted-syntax',
  },
  {
    boundary: 'a bare envelope status in an envelope',
    filePath: 'server/routes/fixture.ts',
    code: "export const body = { status: 0, message: 'OK' };\n",
    rule: 'no-restricted-syntax',
  },
  {
    // permissions.ts imports ./roles: roles importing permissions closes the loop.
    boundary: 'a cycle',
    filePath: 'src/domain/roles.ts',
    code: "import * as permissions from './permissions';\nexport const p = permissions;\n",
    rule: 'import-x/no-cycle',
  },
  {
    boundary: 'a cycle through a dynamic import',
    filePath: 'src/domain/roles.ts',
    code: "export const load = () => import('./permissions');\n",
    rule: 'import-x/no-cycle',
  },
];

const CLEAN: Omit<Case, 'rule'>[] = [
  {
    boundary: 'domain → domain',
    filePath: 'src/domain/fixture.ts',
    code: "import { Roles } from './roles';\nexport const owner = Roles;\n",
  },
  {
    boundary: 'resource → its own files, the config type, shared code',
    filePath: 'src/resources/users/fixture.ts',
    code: [
      "import type { ResourceConfig } from '../types';",
      "import { Roles } from '@/domain/roles';",
      "export const load = () => import('./index');",
      'export const config: Partial<ResourceConfig> = {};',
      'export const roles = Roles;',
      '',
    ].join('\n'),
  },
  {
    boundary: 'server → src/domain and the locale JSON',
    filePath: 'server/routes/fixture.ts',
    code: [
      "import { ApiStatus } from '@/domain/api';",
      "import vi from '@/i18n/vi/api.json';",
      "import { ApiError } from '../errors';",
      "export const fail = () => new ApiError(409, ApiStatus.CONFLICT, 'common.conflict');",
      'export const body = { status: ApiStatus.OK, message: vi };',
      '',
    ].join('\n'),
  },
];

// The cycle rule walks the real import graph from each snippet: the first walks take seconds.
describe('import boundaries (eslint.config.js)', { timeout: 60_000 }, () => {
  let eslint: ESLint;
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
  });

  async function errorsOf(filePath: string, code: string) {
    const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
    return result!.messages.filter((m) => m.severity === 2);
  }

  it.each(BROKEN)('$boundary is an error', async ({ filePath, code, rule }) => {
    const errors = await errorsOf(filePath, code);
    expect(errors.map((e) => e.ruleId)).toContain(rule);
  });

  it.each(CLEAN)('$boundary passes', async ({ filePath, code }) => {
    expect(await errorsOf(filePath, code)).toEqual([]);
  });
});
