import fs from 'node:fs';
import path from 'node:path';
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../app-context.js';
import { ok } from '@procura/shared';
import { notFound } from '../core/errors.js';
import { importJobState } from './import-jobs.js';
import { importLogDir } from './resource-excel.js';

/**
 * The details file of a partly failed import, and the progress of a running one, for the user
 * who imported (others get 404).
 */
export const importLogRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sys/common/importLog/:fileName',
      {
        schema: {
          tags: ['导入'],
          summary: '导入错误明细',
          params: z.object({ fileName: z.string().regex(/^[A-Za-z]+ErrorLog\d{14,19}\.txt$/, '文件名不正确') }),
        },
        config: { access: 'authenticated' },
      },
      async (request, reply) => {
        const file = path.join(importLogDir(ctx, request.user!.id), request.params.fileName);
        const content = await fs.promises.readFile(file, 'utf8').catch(() => null);
        if (content === null) throw notFound('未知的文件');
        reply.header('content-type', 'text/plain; charset=utf-8');
        reply.header('content-disposition', `attachment; filename="${request.params.fileName}"`);
        reply.header('x-content-type-options', 'nosniff');
        return content;
      },
    );

    app.get(
      '/sys/common/importJob/:jobId',
      {
        schema: {
          tags: ['导入'],
          summary: '导入进度',
          params: z.object({ jobId: z.string().regex(/^[0-9a-f]{32}$/, '导入任务编号不正确') }),
        },
        config: { access: 'authenticated' },
      },
      async (request) => {
        const state = importJobState(request.params.jobId, request.user!.id);
        if (!state) throw notFound('未知的导入任务');
        return ok(state);
      },
    );
  };
