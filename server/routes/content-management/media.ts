/**
 * Images of a page's content: upload (multipart, one part `file`; jpg/jpeg/png/svg by their magic bytes,
 * a safe SVG only, at most 5 MiB), stored in stored_files under a generated name with a page_media row;
 * and the public read of one image by that name (the public page and the posts' HTML show it).
 */
import multipart from '@fastify/multipart';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { eq } from 'drizzle-orm';
import { z } from 'zod';
import { ApiStatus, ContentApiPaths as Paths } from '@/domain/api';
import { CONTENT_IMAGE_EXTENSIONS, CONTENT_LIMITS, PAGE_MEDIA_NAME, pageMediaUrl } from '@/domain/pageContent';
import { pageMedia } from '../../db/schema';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { checkFile, fileStore, generatedStorageName } from '../../lib/files';
import { readOneFile } from '../../lib/files/upload';
import { callerOf } from '../../plugins/auth';
import { langOnlyQuery } from '../../validation';
import { CONTENT_WRITERS, contentAccess, mediaSchema, pageParams, tags } from './schemas';

const badImage = (problem: string, http = 400) => new ApiError(problem === 'fileTooLarge' ? 413 : http, ApiStatus.VALIDATION, `content.image.${problem}`);

export const mediaRoutes: FastifyPluginAsyncZod = async (app) => {
  const db = app.database.db;
  await app.register(multipart, { preservePath: true, limits: { fileSize: CONTENT_LIMITS.maxImageBytes, files: 1, fields: 0, parts: 1 } });

  app.post(
    Paths.media,
    {
      schema: {
        tags,
        summary: 'Upload an image for a post or story (PAGE_ADMIN, EDITOR): multipart, one part `file`, jpg/jpeg/png/svg checked by content, at most 5 MiB',
        params: pageParams,
        querystring: langOnlyQuery,
        response: { 200: envelopeSchema(mediaSchema) },
      },
    },
    async (request) => {
      const { pageId } = request.params;
      await contentAccess(request, pageId, CONTENT_WRITERS);
      const upload = await readOneFile(request, CONTENT_LIMITS.maxImageBytes, badImage);
      const checked = checkFile(upload.content, upload.fileName, CONTENT_IMAGE_EXTENSIONS, CONTENT_LIMITS.maxImageBytes);
      if (!checked.ok) throw badImage(checked.problem);
      const name = generatedStorageName(checked.file.extension);
      await db.transaction(async (tx) => {
        await fileStore(tx).put(name, upload.content);
        await tx.insert(pageMedia).values({
          storageName: name,
          pageId,
          contentType: checked.file.contentType,
          sizeBytes: checked.file.sizeBytes,
          uploadedBy: callerOf(request).userId,
        });
      });
      return ok(request, { name, url: pageMediaUrl(name) });
    },
  );

  app.get(
    Paths.mediaFile,
    {
      config: { public: true },
      schema: {
        tags,
        summary: 'An uploaded page image by its generated name (public: the public page shows it); 404 for any other name',
        params: z.strictObject({ name: z.string() }),
      },
    },
    async (request, reply) => {
      const { name } = request.params;
      if (!PAGE_MEDIA_NAME.test(name)) throw ApiError.notFound();
      const [media] = await db.select().from(pageMedia).where(eq(pageMedia.storageName, name));
      const content = media ? await fileStore(db).get(name) : null;
      if (!media || !content) throw ApiError.notFound();
      return reply
        .header('content-type', media.contentType)
        .header('x-content-type-options', 'nosniff')
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('content-security-policy', "default-src 'none'; style-src 'unsafe-inline'; sandbox")
        .send(content);
    },
  );
};
