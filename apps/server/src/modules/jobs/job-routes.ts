import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { ok, toPage } from '@procura/shared';
import type { AppContext } from '../../app-context.js';
import { toWireDateTime } from '../../core/clock.js';
import { businessError, notFound } from '../../core/errors.js';
import { listQuerySchema } from '../../core/paging.js';
import type { JobSchedule, JobView } from './scheduler.js';

export const JOB_BUSY = '该任务正在执行，请稍后再试';

const UNITS: [number, string][] = [
  [86_400_000, '天'],
  [3600_000, '小时'],
  [60_000, '分钟'],
  [1000, '秒'],
];

/** A duration in the largest unit that divides it, e.g. `6小时`, `15分钟`. */
function durationText(ms: number): string {
  const [size, unit] = UNITS.find(([size]) => ms >= size && ms % size === 0) ?? [1, '毫秒'];
  return `${ms / size}${unit}`;
}

/** The schedule in words, e.g. `启动后1分钟首次执行，此后每6小时执行一次`. */
export function scheduleText({ firstRunAfterMs, everyMs }: JobSchedule): string {
  return `启动后${durationText(firstRunAfterMs)}首次执行，此后每${durationText(everyMs)}执行一次`;
}

/** A job as JeecgBoot's 定时任务 list shows it, with the last and next run (wire datetimes, GMT+8). */
function wireJob({ definition, state, running, scheduled }: JobView) {
  return {
    id: definition.name,
    jobClassName: definition.name,
    description: definition.label,
    // JeecgBoot keeps a cron expression here; this scheduler's schedule reads as words.
    cronExpression: scheduleText(definition.schedule),
    parameter: null,
    // 0 runs normally, -1 stopped (JeecgBoot's values).
    status: scheduled ? 0 : -1,
    running,
    lastRunTime: toWireDateTime(state.lastRunAt),
    lastResult: state.lastResult,
    lastDurationMs: state.lastDurationMs,
    nextRunTime: scheduled ? toWireDateTime(state.nextRunAt) : null,
  };
}

/** The background jobs for the operations screens (JeecgBoot's 定时任务 paths). */
export const jobRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.get(
      '/sys/quartzJob/list',
      {
        schema: { tags: ['定时任务'], summary: '定时任务：上次与下次执行', querystring: listQuerySchema },
        config: { access: { permission: 'quartzJob:list' }, internalOnly: true },
      },
      async (request) => {
        const { pageNo, pageSize } = request.query;
        const jobs = (await ctx.jobs.list()).map(wireJob);
        return ok(toPage(jobs.slice((pageNo - 1) * pageSize, pageNo * pageSize), jobs.length, pageNo, pageSize));
      },
    );

    app.post(
      '/sys/quartzJob/execute',
      {
        schema: {
          tags: ['定时任务'],
          summary: '立即执行一次定时任务（执行中不可再次执行）',
          querystring: z.object({ id: z.string().trim().min(1, '请选择任务').max(64) }),
        },
        config: { access: { permission: 'quartzJob:execute' }, internalOnly: true },
      },
      async (request) => {
        const { id } = request.query;
        if (!ctx.jobs.has(id)) throw notFound('定时任务不存在');
        const outcome = await ctx.jobs.runNow(id);
        if (!outcome.ran) throw businessError(JOB_BUSY);
        request.log.info({ event: 'job.executed', job: id, result: outcome.state.lastResult }, 'job run by hand');
        const job = wireJob((await ctx.jobs.list()).find((j) => j.definition.name === id)!);
        if (outcome.state.lastResult !== 'OK') throw businessError(outcome.state.lastResult ?? '执行失败', job);
        return ok(job, '执行成功');
      },
    );
  };
