/**
 * Export jobs of every report list (server/lib/export-jobs): the caller's past exports, one job's
 * progress, and the file. A job is visible only to the user who asked, in the merchant it was made in.
 */
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { ApiStatus } from '@/domain/api';
import { EXPORT_FORMATS, EXPORT_JOB_STATUSES, TransactionReportPaths as Paths, type ExportFormat } from '@/domain/transactionReport';
import { envelopeSchema, ok } from '../../envelope';
import { ApiError } from '../../errors';
import { attachmentDisposition } from '../../lib/export';
import { EXPORT_CONTENT_TYPES, exportJobsOf, initExportJobs } from '../../lib/export-jobs';
import { pageQueryShape, pageSchema, toPage } from '../../pagination';
import { callerOf, membershipOf, merchantScope } from '../../plugins/auth';
import { apiQuery, idParam } from '../../validation';

const jobSchema = z.object({
  id: z.string(),
  report: z.string(),
  format: z.enum(EXPORT_FORMATS),
  status: z.enum(EXPORT_JOB_STATUSES),
  totalRows: z.number().int().nullable(),
  processedRows: z.number().int(),
  fileName: z.string(),
  sizeBytes: z.number().int().nullable(),
  createdAt: z.string(),
  finishedAt: z.string().nullable(),
  expiresAt: z.string(),
});

const jobParams = z.strictObject({ merchantId: idParam, jobId: z.string().uuid() });

export const reportJobsRoutes: FastifyPluginAsyncZod = async (app) => {
  await initExportJobs(app);

  app.get(
    Paths.exportJobs,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['report-jobs'],
        summary: 'The caller’s exports in this merchant, newest first',
        params: z.strictObject({ merchantId: idParam }),
        querystring: apiQuery({ ...pageQueryShape, report: z.string().max(64).regex(/^[a-z-]+$/).optional() }),
        response: { 200: envelopeSchema(pageSchema(jobSchema)) },
      },
    },
    async (request) => {
      const jobs = exportJobsOf(app);
      const { rows, total } = await jobs.list(membershipOf(request).merchant.id, callerOf(request).userId, request.query, request.query.report);
      return ok(request, toPage(rows, total, request.query));
    },
  );

  app.get(
    Paths.exportJob,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['report-jobs'],
        summary: 'One export job (progress)',
        params: jobParams,
        querystring: apiQuery({}),
        response: { 200: envelopeSchema(jobSchema) },
      },
    },
    async (request) => {
      const jobs = exportJobsOf(app);
      const job = await jobs.get(membershipOf(request).merchant.id, callerOf(request).userId, request.params.jobId);
      if (!job) throw ApiError.notFound();
      return ok(request, job);
    },
  );

  app.get(
    Paths.exportJobFile,
    {
      preHandler: merchantScope,
      schema: {
        tags: ['report-jobs'],
        summary: 'The finished file of an export job',
        params: jobParams,
        querystring: apiQuery({}),
        response: { 200: z.unknown() },
      },
    },
    async (request, reply) => {
      const jobs = exportJobsOf(app);
      const job = await jobs.get(membershipOf(request).merchant.id, callerOf(request).userId, request.params.jobId);
      if (!job) throw ApiError.notFound();
      if (job.status !== 'DONE') throw new ApiError(409, ApiStatus.CONFLICT, 'transactionReport.errors.exportNotReady');
      // From the shared storage, whichever process wrote it; a file gone from storage is a 404 like a purged job.
      const file = await jobs.openFile(job.id);
      if (!file) throw ApiError.notFound();
      return reply
        .header('Content-Type', EXPORT_CONTENT_TYPES[job.format as ExportFormat])
        .header('Content-Disposition', attachmentDisposition(job.fileName))
        .header('Cache-Control', 'no-store')
        .send(file);
    },
  );
};
