import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '@procura/shared';
import { businessError } from '../src/core/errors.js';
import { JOB_BUSY, JOB_FAILED_MESSAGE, JobScheduler, type JobDefinition } from '../src/modules/jobs/index.js';
import { demoTokens, LEAK_PATTERN, startTestServer, type TestServer } from './harness.js';

/** A job as `/sys/quartzJob/list` shows it. */
type WireJob = {
  id: string;
  jobClassName: string;
  description: string;
  cronExpression: string;
  status: number;
  running: boolean;
  lastRunTime: string | null;
  lastResult: string | null;
  lastDurationMs: number | null;
  nextRunTime: string | null;
};

const WIRE_TIME = /^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/;
const HOUR = 3600_000;
/** A schedule that never comes round during a test: these jobs run by hand only. */
const BY_HAND = { firstRunAfterMs: 24 * HOUR, everyMs: 24 * HOUR };
const wireMs = (text: string) => Date.parse(`${text.replace(' ', 'T')}+08:00`);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function until(condition: () => boolean | Promise<boolean>, ms = 10_000): Promise<void> {
  const start = Date.now();
  while (!(await condition())) {
    if (Date.now() - start > ms) throw new Error('condition not reached');
    await sleep(20);
  }
}

/** A job whose runs wait for `release()`; `started` counts the runs begun, `active` the ones under way. */
function gatedJob(name: string) {
  const counts = { started: 0, active: 0, maxActive: 0 };
  let release: () => void = () => undefined;
  let gate = new Promise<void>((r) => (release = r));
  const definition: JobDefinition = {
    name,
    label: '测试：等待放行的任务',
    schedule: BY_HAND,
    run: async () => {
      counts.started += 1;
      counts.active += 1;
      counts.maxActive = Math.max(counts.maxActive, counts.active);
      await gate;
      counts.active -= 1;
    },
  };
  return {
    definition,
    counts,
    release: () => {
      release();
      gate = new Promise<void>((r) => (release = r));
    },
  };
}

let s: TestServer;
let admin: string;
let buyer: string;
let supplier: string;
beforeAll(async () => {
  s = await startTestServer();
  [admin, buyer, supplier] = await demoTokens(s);
});
afterAll(async () => s?.close());

const list = async (token = admin) =>
  s.request<PageResult<WireJob>>('GET', '/sys/quartzJob/list?pageNo=1&pageSize=50', { token });
const jobOf = async (name: string) => (await list()).body.result.records.find((j) => j.id === name)!;
const execute = (name: string, token = admin) =>
  s.request<WireJob>('POST', `/sys/quartzJob/execute?id=${encodeURIComponent(name)}`, { token });

describe('GET /sys/quartzJob/list and POST /sys/quartzJob/execute', () => {
  it("lists the server's four jobs, running normally, each with its schedule in words and its next run", async () => {
    const started = Date.now();
    const res = await list();
    expect(res.body).toMatchObject({ success: true, result: { total: 4, size: 50, current: 1, pages: 1 } });
    const jobs = res.body.result.records;
    expect(jobs.map((j) => [j.id, j.jobClassName, j.description, j.cronExpression, j.status])).toEqual([
      [
        'supplier.qualificationExpiry',
        'supplier.qualificationExpiry',
        '供应商资质到期检查',
        '启动后1分钟首次执行，此后每6小时执行一次',
        0,
      ],
      [
        'contract.lifecycle',
        'contract.lifecycle',
        '合同到期与逾期未生效提醒',
        '启动后1分钟首次执行，此后每1小时执行一次',
        0,
      ],
      [
        'sourcing.responseReminders',
        'sourcing.responseReminders',
        '寻源响应截止提醒',
        '启动后1分钟首次执行，此后每15分钟执行一次',
        0,
      ],
      [
        'tender.publicityFinalizer',
        'tender.publicityFinalizer',
        '招标中标公示期满定标',
        '启动后1分钟首次执行，此后每10分钟执行一次',
        0,
      ],
    ]);
    for (const job of jobs) {
      expect(job.nextRunTime).toMatch(WIRE_TIME);
      // A minute after this server started, a few seconds ago (the wire drops the milliseconds).
      expect(wireMs(job.nextRunTime!)).toBeGreaterThan(started - 30_000);
      expect(wireMs(job.nextRunTime!)).toBeLessThanOrEqual(started + 60_000);
      expect(job).toMatchObject({ running: false, lastRunTime: null, lastResult: null, lastDurationMs: null });
    }
  });

  it('runs one of them by hand: the publicity finaliser with nothing due', async () => {
    const res = await execute('tender.publicityFinalizer');
    expect(res.body).toMatchObject({ success: true, result: { id: 'tender.publicityFinalizer', lastResult: 'OK' } });
    expect((await jobOf('tender.publicityFinalizer')).lastRunTime).toMatch(WIRE_TIME);
  });

  it('runs a job by hand and records when, how long and how it went; the schedule stays', async () => {
    let runs = 0;
    await s.ctx.jobs.add({
      name: 'test.counter',
      label: '测试：计数',
      schedule: { firstRunAfterMs: 2 * HOUR, everyMs: 6 * HOUR },
      run: async () => {
        runs += 1;
      },
    });
    const before = await jobOf('test.counter');
    expect(before).toMatchObject({
      jobClassName: 'test.counter',
      description: '测试：计数',
      cronExpression: '启动后2小时首次执行，此后每6小时执行一次',
      status: 0,
      running: false,
      lastRunTime: null,
      lastResult: null,
      lastDurationMs: null,
    });
    expect(before.nextRunTime).toMatch(WIRE_TIME);
    expect(Math.abs(wireMs(before.nextRunTime!) - (Date.now() + 2 * HOUR))).toBeLessThan(60_000);

    const startedAt = Date.now();
    const res = await execute('test.counter');
    expect(res.body).toMatchObject({ success: true, message: '执行成功', result: { lastResult: 'OK' } });
    expect(runs).toBe(1);
    const after = await jobOf('test.counter');
    expect(after.lastResult).toBe('OK');
    expect(after.lastDurationMs).toBeGreaterThanOrEqual(0);
    expect(after.lastRunTime).toMatch(WIRE_TIME);
    expect(Math.abs(wireMs(after.lastRunTime!) - startedAt)).toBeLessThan(60_000);
    // A run by hand leaves the schedule as it was.
    expect(after.nextRunTime).toBe(before.nextRunTime);

    const paged = await s.request<PageResult<WireJob>>('GET', '/sys/quartzJob/list?pageNo=1&pageSize=1', {
      token: admin,
    });
    expect(paged.body.result).toMatchObject({ size: 1, current: 1 });
    expect(paged.body.result.records).toHaveLength(1);
    expect(paged.body.result.pages).toBe(paged.body.result.total);

    expect((await execute('no.such.job')).status).toBe(404);
  });

  it('records a failure (a business message as is, anything else without internals) and answers it', async () => {
    let fail: Error = businessError('供应商资质数据不完整');
    await s.ctx.jobs.add({
      name: 'test.failing',
      label: '测试：失败的任务',
      schedule: BY_HAND,
      run: async () => {
        throw fail;
      },
    });
    const refused = await execute('test.failing');
    expect(refused.body).toMatchObject({ success: false, message: '供应商资质数据不完整' });
    expect(refused.body.result).toMatchObject({ lastResult: '供应商资质数据不完整' });
    expect((await jobOf('test.failing')).lastResult).toBe('供应商资质数据不完整');

    fail = new Error('SQLITE_ERROR: no such table: sys_secret at /work/app/src/x.ts:12');
    const crashed = await execute('test.failing');
    expect(crashed.body).toMatchObject({ success: false, message: JOB_FAILED_MESSAGE });
    const shown = await jobOf('test.failing');
    expect(shown.lastResult).toBe(JOB_FAILED_MESSAGE);
    expect(shown.lastResult).not.toMatch(LEAK_PATTERN);
  });

  it('goes on with the schedule after a failing run', async () => {
    let runs = 0;
    await s.ctx.jobs.add({
      name: 'test.flaky',
      label: '测试：每次都失败',
      schedule: { firstRunAfterMs: 0, everyMs: 50 },
      run: async () => {
        runs += 1;
        throw new Error(`failure ${runs}`);
      },
    });
    await until(() => runs >= 3);
    const job = await jobOf('test.flaky');
    expect(job.lastResult).toBe(JOB_FAILED_MESSAGE);
    expect(job.cronExpression).toBe('启动后0毫秒首次执行，此后每50毫秒执行一次');
    expect(job.nextRunTime).toMatch(WIRE_TIME);
  });

  it('is for administrators only', async () => {
    for (const token of [buyer, supplier]) {
      expect((await list(token)).status).toBe(403);
      expect((await execute('test.counter', token)).status).toBe(403);
    }
    expect((await s.request('GET', '/sys/quartzJob/list')).status).toBe(401);
  });
});

describe('several schedulers on one database', () => {
  it('never run a job twice at once: the second claim is refused while the first run holds the lease', async () => {
    const here = gatedJob('test.gated');
    const there = gatedJob('test.gated');
    const other = new JobScheduler(s.ctx.db);
    await s.ctx.jobs.add(here.definition);
    await other.add(there.definition);

    const first = s.ctx.jobs.runNow('test.gated');
    await until(() => here.counts.started === 1);
    expect(await other.runNow('test.gated')).toEqual({ ran: false, reason: 'busy' });
    expect((await execute('test.gated')).body).toMatchObject({ success: false, message: JOB_BUSY });
    expect((await jobOf('test.gated')).running).toBe(true);
    here.release();
    expect((await first).ran).toBe(true);
    expect(there.counts.started).toBe(0);

    // Free again: the other node may run it now, and this one sees the result.
    const second = other.runNow('test.gated');
    await until(() => there.counts.started === 1);
    there.release();
    expect((await second).ran).toBe(true);
    expect(await jobOf('test.gated')).toMatchObject({ running: false, lastResult: 'OK' });
    expect(here.counts.started).toBe(1);
  });

  it('share one schedule: due runs go to one node at a time, and a stopped scheduler waits for its run', async () => {
    const counts = { runs: 0, active: 0, maxActive: 0 };
    const definition: JobDefinition = {
      name: 'test.shared',
      label: '测试：两个节点共用的任务',
      schedule: { firstRunAfterMs: 0, everyMs: 30 },
      run: async () => {
        counts.runs += 1;
        counts.active += 1;
        counts.maxActive = Math.max(counts.maxActive, counts.active);
        await sleep(40);
        counts.active -= 1;
      },
    };
    const nodes = [new JobScheduler(s.ctx.db), new JobScheduler(s.ctx.db)];
    for (const node of nodes) {
      await node.add(definition);
      await node.start(s.app.log);
    }
    await until(() => counts.runs >= 4);
    await Promise.all(nodes.map((n) => n.stop()));
    expect(counts.maxActive).toBe(1);
    // Stopped with its run finished: nothing under way, nothing more starts.
    expect(counts.active).toBe(0);
    const runs = counts.runs;
    await sleep(150);
    expect(counts.runs).toBe(runs);
    const [view] = await nodes[0]!.list();
    expect(view).toMatchObject({ scheduled: false, running: false, state: { lastResult: 'OK' } });
  });

  it('take over the lease of a node that died mid-run once it expires, not before', async () => {
    const lease = (leaseUntil: string) =>
      s.ctx.db
        .updateTable('sysJobState')
        .set({ leaseOwner: 'dead-node', leaseUntil })
        .where('name', '=', 'test.counter');
    await lease(new Date(Date.now() + 60_000).toISOString()).execute();
    expect(await s.ctx.jobs.runNow('test.counter')).toEqual({ ran: false, reason: 'busy' });
    expect((await jobOf('test.counter')).running).toBe(true);
    await lease(new Date(Date.now() - 1000).toISOString()).execute();
    const outcome = await s.ctx.jobs.runNow('test.counter');
    expect(outcome).toMatchObject({ ran: true, state: { leaseOwner: null, leaseUntil: null, lastResult: 'OK' } });
  });

  it('keep the state in the database: a scheduler started later sees the last run', async () => {
    const later = new JobScheduler(s.ctx.db);
    await later.add({ name: 'test.counter', label: '测试：计数', schedule: BY_HAND, run: async () => undefined });
    const [view] = await later.list();
    expect(view!.state).toMatchObject({ name: 'test.counter', lastResult: 'OK' });
    expect(view!.state.lastRunAt).not.toBeNull();
  });
});
