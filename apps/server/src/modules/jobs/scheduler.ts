import type { FastifyBaseLogger } from 'fastify';
import { realNow } from '../../core/clock.js';
import { AppError } from '../../core/errors.js';
import { newId } from '../../core/ids.js';
import type { Db } from '../../db/database.js';
import type { SysJobStateTable } from './jobs-tables.js';

/** When a job runs: first `firstRunAfterMs` after the server starts, then every `everyMs`. */
export type JobSchedule = { firstRunAfterMs: number; everyMs: number };

/** What a run did, for the log (e.g. `{ sent: 3 }`). */
export type JobFigures = Record<string, number>;

/**
 * A background job. `run` throws to fail (a business refusal's message is shown as the result)
 * and may resolve to figures for the log. It reads the server clock for its own "now".
 */
export type JobDefinition = {
  /** Stable name: the key of its state row, `jobClassName` on the wire. */
  name: string;
  /** What operators read (Chinese). */
  label: string;
  schedule: JobSchedule;
  run: () => Promise<JobFigures | void>;
};

/** What the scheduler knows of a job: its definition and its shared state row. */
export type JobView = {
  definition: JobDefinition;
  state: SysJobStateTable;
  /** Whether some node holds the job's lease now (a run is in progress). */
  running: boolean;
  /** Whether this node's scheduler is started and not stopped. */
  scheduled: boolean;
};

export type RunOutcome = { ran: true; state: SysJobStateTable } | { ran: false; reason: 'busy' | 'not-due' };

/** Shown for a failure that is not a business refusal: its details are in the server log only. */
export const JOB_FAILED_MESSAGE = '执行失败：系统异常，详见服务器日志';
/** A run holds its lease this long and renews it while it works; a node that dies releases it then. */
const LEASE_MS = 2 * 60_000;
const RENEW_MS = 30_000;
/** A due job held by another run is tried again after this long. */
const BUSY_RETRY_MS = 60_000;
/** The shortest sleep between two wake-ups of one job. */
const MIN_WAKE_MS = 1000;

type Entry = { definition: JobDefinition; timer?: NodeJS.Timeout };

/**
 * The one scheduler of the server's background jobs. Timers and leases run on real time
 * (`realNow`): a timer's delay is real, and the lease is compared by every node of a cluster;
 * the jobs themselves read the server clock. The state lives in `sys_job_state`, so it
 * survives restarts, and a run starts only after a conditional update claimed the job's lease:
 * nodes sharing one database never run a job twice at once. A failing run is recorded and
 * logged; nothing escapes the loop. `stop()` (with the server) clears the timers and waits for
 * the runs in progress.
 */
export class JobScheduler {
  /** This instance in the lease column. */
  readonly owner = newId();
  private readonly entries = new Map<string, Entry>();
  private readonly inFlight = new Set<Promise<unknown>>();
  private log: FastifyBaseLogger | undefined;
  private started = false;
  private stopped = false;

  constructor(private readonly db: Db) {}

  /** Registers a job; once the scheduler is started, it is scheduled at once. */
  async add(definition: JobDefinition): Promise<void> {
    if (this.entries.has(definition.name)) throw new Error(`job ${definition.name} is registered twice`);
    const entry: Entry = { definition };
    this.entries.set(definition.name, entry);
    if (this.started && !this.stopped) await this.prepare(entry);
  }

  /** Starts every registered job on its schedule (the server's onReady). */
  async start(log: FastifyBaseLogger): Promise<void> {
    this.log = log;
    this.started = true;
    for (const entry of this.entries.values()) await this.prepare(entry);
  }

  /** Stops the timers and waits for the runs in progress (the server's onClose). */
  async stop(): Promise<void> {
    this.stopped = true;
    for (const entry of this.entries.values()) clearTimeout(entry.timer);
    await Promise.allSettled([...this.inFlight]);
  }

  /** The registered jobs in registration order, with their shared state. */
  async list(): Promise<JobView[]> {
    const names = [...this.entries.keys()];
    if (names.length === 0) return [];
    const rows = await this.db.selectFrom('sysJobState').selectAll().where('name', 'in', names).execute();
    const now = realNow().toISOString();
    return [...this.entries.values()].map(({ definition }) => {
      const state = rows.find((r) => r.name === definition.name) ?? emptyState(definition.name);
      return {
        definition,
        state,
        running: state.leaseUntil !== null && state.leaseUntil > now,
        scheduled: this.started && !this.stopped,
      };
    });
  }

  has(name: string): boolean {
    return this.entries.has(name);
  }

  /** Runs a job now, outside its schedule (which stays as it was); `busy` while a run holds it. */
  async runNow(name: string): Promise<RunOutcome> {
    const entry = this.entries.get(name);
    if (!entry) throw new Error(`no job ${name}`);
    await this.ensureRow(name);
    return this.track(this.execute(entry, false));
  }

  /** The row exists and the first run is `firstRunAfterMs` from this start; then the timer is armed. */
  private async prepare(entry: Entry): Promise<void> {
    const { name, schedule } = entry.definition;
    const nextRunAt = new Date(realNow().getTime() + schedule.firstRunAfterMs).toISOString();
    await this.db
      .insertInto('sysJobState')
      .values({ ...emptyState(name), nextRunAt })
      .onConflict((oc) => oc.column('name').doUpdateSet({ nextRunAt }))
      .execute();
    this.arm(entry, schedule.firstRunAfterMs);
  }

  private async ensureRow(name: string): Promise<void> {
    await this.db
      .insertInto('sysJobState')
      .values(emptyState(name))
      .onConflict((oc) => oc.column('name').doNothing())
      .execute();
  }

  private arm(entry: Entry, delayMs: number): void {
    if (this.stopped) return;
    clearTimeout(entry.timer);
    entry.timer = setTimeout(() => void this.track(this.tick(entry)), Math.max(0, delayMs));
    entry.timer.unref();
  }

  /** A scheduled wake-up: runs the job when it is due and free, then sleeps until the next run. */
  private async tick(entry: Entry): Promise<void> {
    let delay = entry.definition.schedule.everyMs;
    try {
      const outcome = await this.execute(entry, true);
      if (!outcome.ran && outcome.reason === 'busy') delay = Math.min(delay, BUSY_RETRY_MS);
      if (!outcome.ran && outcome.reason === 'not-due') {
        // Another node ran it: wake when the shared row says it is due.
        const row = await this.db
          .selectFrom('sysJobState')
          .select('nextRunAt')
          .where('name', '=', entry.definition.name)
          .executeTakeFirst();
        if (row?.nextRunAt)
          delay = Math.min(delay, Math.max(MIN_WAKE_MS, Date.parse(row.nextRunAt) - realNow().getTime()));
      }
    } catch (error) {
      this.log?.error({ err: error, event: 'job.schedule', job: entry.definition.name }, 'job scheduling failed');
    }
    this.arm(entry, delay);
  }

  /** Claims the lease (and for a scheduled run, only when due), runs, records the outcome, releases. */
  private async execute(entry: Entry, scheduled: boolean): Promise<RunOutcome> {
    const { name, schedule, run } = entry.definition;
    const startedAt = realNow();
    const now = startedAt.toISOString();
    let claim = this.db
      .updateTable('sysJobState')
      .set({ leaseOwner: this.owner, leaseUntil: new Date(startedAt.getTime() + LEASE_MS).toISOString() })
      .where('name', '=', name)
      .where((eb) => eb.or([eb('leaseUntil', 'is', null), eb('leaseUntil', '<=', now)]));
    if (scheduled) claim = claim.where('nextRunAt', '<=', now);
    if (Number((await claim.executeTakeFirst()).numUpdatedRows) !== 1) {
      if (!scheduled) return { ran: false, reason: 'busy' };
      const row = await this.db
        .selectFrom('sysJobState')
        .select('leaseUntil')
        .where('name', '=', name)
        .executeTakeFirst();
      return { ran: false, reason: row?.leaseUntil && row.leaseUntil > now ? 'busy' : 'not-due' };
    }

    const renew = setInterval(() => void this.track(this.renew(name)), RENEW_MS);
    renew.unref();
    const began = performance.now();
    let result = 'OK';
    let figures: JobFigures = {};
    try {
      figures = (await run()) ?? {};
    } catch (error) {
      result = error instanceof AppError ? error.message.slice(0, 500) : JOB_FAILED_MESSAGE;
      this.log?.error({ err: error, event: 'job.failed', job: name }, 'background job failed');
    } finally {
      clearInterval(renew);
    }
    const durationMs = Math.round(performance.now() - began);
    const done = {
      lastRunAt: now,
      lastResult: result,
      lastDurationMs: durationMs,
      leaseOwner: null,
      leaseUntil: null,
      ...(scheduled ? { nextRunAt: new Date(realNow().getTime() + schedule.everyMs).toISOString() } : {}),
    };
    await this.db
      .updateTable('sysJobState')
      .set(done)
      .where('name', '=', name)
      .where('leaseOwner', '=', this.owner)
      .execute();
    // Quiet unless the run did something (or failed, logged above).
    const level = Object.values(figures).some((n) => n !== 0) ? 'info' : 'debug';
    this.log?.[level]({ event: 'job.ran', job: name, result, durationMs, ...figures }, 'background job ran');
    const state = await this.db
      .selectFrom('sysJobState')
      .selectAll()
      .where('name', '=', name)
      .executeTakeFirstOrThrow();
    return { ran: true, state };
  }

  /** Keeps the lease of a long run alive. */
  private async renew(name: string): Promise<void> {
    try {
      await this.db
        .updateTable('sysJobState')
        .set({ leaseUntil: new Date(realNow().getTime() + LEASE_MS).toISOString() })
        .where('name', '=', name)
        .where('leaseOwner', '=', this.owner)
        .execute();
    } catch (error) {
      this.log?.warn({ err: error, event: 'job.lease', job: name }, 'job lease renewal failed');
    }
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.inFlight.add(work);
    void work.finally(() => this.inFlight.delete(work)).catch(() => undefined);
    return work;
  }
}

function emptyState(name: string): SysJobStateTable {
  return {
    name,
    leaseOwner: null,
    leaseUntil: null,
    lastRunAt: null,
    lastResult: null,
    lastDurationMs: null,
    nextRunAt: null,
  };
}
