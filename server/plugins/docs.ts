/**
 * The API contract as OpenAPI (/api/docs/json), generated from the zod schemas that validate the
 * requests, and a browsable page (/api/docs). Registered before the routes so it sees all of them.
 */
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import type { FastifyInstance } from 'fastify';
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { createJsonSchemaTransform, jsonSchemaTransformObject } from 'fastify-type-provider-zod';
import { MERCHANT_SIGNATURE_SCHEME, merchantSignatureSecurityScheme } from '../lib/merchant-api';

export const DOCS_PREFIX = '/api/docs';

/**
 * The page's files (swagger-ui and its logo), found through the package rather than from its own
 * __dirname: the server bundle includes the plugin's code (loading it from node_modules, with its own
 * copy of @fastify/static and yaml, was about 70 ms of every start) but not these files.
 */
function uiFiles() {
  const dir = join(dirname(createRequire(import.meta.url).resolve('@fastify/swagger-ui/package.json')), 'static');
  return { baseDir: dir, logo: { type: 'image/svg+xml', content: readFileSync(join(dir, 'logo.svg')) } };
}

export async function setupDocs(app: FastifyInstance, version: string): Promise<void> {
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Merchant API',
        description:
          'Every body is the envelope `{ status, message, data? }`; status 0 is success. Messages follow the `lang` query parameter (vi default, en).',
        version,
      },
      components: {
        securitySchemes: {
          bearerAuth: { type: 'http', scheme: 'bearer', description: 'Opaque session token from login' },
          [MERCHANT_SIGNATURE_SCHEME]: merchantSignatureSecurityScheme,
        },
      },
    },
    transform: createJsonSchemaTransform({ skipList: [] }),
    transformObject: jsonSchemaTransformObject,
  });
  await app.register(swaggerUi, {
    routePrefix: DOCS_PREFIX,
    ...uiFiles(),
    // No call-out to the public validator badge: our CSP only allows our own origin.
    uiConfig: { validatorUrl: null, deepLinking: false },
  });
}
