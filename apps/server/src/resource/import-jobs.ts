import { randomUUID } from 'node:crypto';
import { fail, type Envelope } from '@procura/shared';
import { AppError } from '../core/errors.js';

/** What a running import reports: its phase, and rows done of the phase's total. */
export type ImportProgress = { phase: 'read' | 'check' | 'write'; done: number; total: number };
export type ImportAnswer = Envelope<unknown>;

type Job = ImportProgress & { owner: string; finished: boolean; answer?: ImportAnswer; endedAt?: number };

const PHASE_TEXT: Record<ImportProgress['phase'], string> = { read: '读取文件', check: '校验数据', write: '写入数据' };
// The phases' shares of the progress bar: reading and checking cost about as much as writing.
const PHASE_SPAN: Record<ImportProgress['phase'], [number, number]> = {
  read: [0, 10],
  check: [10, 70],
  write: [70, 99],
};
/** A finished job's answer is kept this long for its poller, then dropped (elapsed time, not the clock). */
const KEEP_MS = 10 * 60_000;
const MAX_JOBS = 200;

const jobs = new Map<string, Job>();

function prune(): void {
  const now = performance.now();
  for (const [id, job] of jobs) if (job.endedAt !== undefined && now - job.endedAt > KEEP_MS) jobs.delete(id);
}

/**
 * Runs an import after its request has been answered, with the progress its poller reads
 * (`GET /sys/common/importJob/{id}`). The job lives on the node that runs it, like the import's
 * transaction: a deployment with several nodes routes one user's requests to one node, or the
 * poll answers "未知的导入任务". `run` answers as the synchronous import does (JeecgBoot's envelope);
 * a refusal it throws (an AppError) becomes that refusal's envelope.
 */
export function startImportJob(
  owner: string,
  run: (progress: (p: ImportProgress) => void) => Promise<ImportAnswer>,
  onError: (error: unknown) => void,
): string {
  prune();
  if ([...jobs.values()].filter((j) => !j.finished).length >= MAX_JOBS)
    throw new AppError('导入任务过多，请稍后再试', 429, 429);
  const id = randomUUID().replace(/-/g, '');
  const job: Job = { owner, finished: false, phase: 'read', done: 0, total: 0 };
  jobs.set(id, job);
  const end = (answer: ImportAnswer) => Object.assign(job, { finished: true, answer, endedAt: performance.now() });
  void run((p) => Object.assign(job, p))
    .then(end)
    .catch((error: unknown) => {
      if (error instanceof AppError) end(fail(error.message, error.code, error.result));
      else {
        onError(error);
        end(fail('导入失败，未写入任何数据'));
      }
    });
  return id;
}

/** The job's state for its owner (anyone else: undefined, as for an unknown job). */
export function importJobState(id: string, owner: string) {
  const job = jobs.get(id);
  if (!job || job.owner !== owner) return undefined;
  const [from, to] = PHASE_SPAN[job.phase];
  const share = job.total > 0 ? job.done / job.total : 0;
  return {
    done: job.finished,
    phase: job.phase,
    phaseText: PHASE_TEXT[job.phase],
    processed: job.done,
    total: job.total,
    percent: job.finished ? 100 : Math.floor(from + (to - from) * share),
    answer: job.answer ?? null,
  };
}
