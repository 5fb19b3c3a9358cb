import fs from 'node:fs';

// What the benchmarks read about a process (Linux /proc) and how they summarise and pace their work.

export const CLK_TCK = 100; // Linux USER_HZ
export const cpuTicks = (pid: number) => {
  const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ');
  return Number(fields[11]) + Number(fields[12]); // utime + stime (fields 14 and 15)
};
export const statusKb = (pid: number, field: string) =>
  Number(new RegExp(`${field}:\\s+(\\d+)`).exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1] ?? 0);
export const openFiles = (pid: number) => fs.readdirSync(`/proc/${pid}/fd`).length;
export const fdLimit = (pid: number) =>
  /Max open files\s+(\S+)/.exec(fs.readFileSync(`/proc/${pid}/limits`, 'utf8'))?.[1] ?? '?';

export const pct = (sorted: number[], p: number) =>
  sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : NaN;
export const ms = (v: number) => (Number.isFinite(v) ? v.toFixed(1) : '—');

/** A process's resident memory now and at its peak, in MB. */
export const rssMb = (pid: number) => statusKb(pid, 'VmRSS') / 1024;
export const peakRssMb = (pid: number) => statusKb(pid, 'VmHWM') / 1024;

/** Runs `work(i)` for i in 0..n-1 with at most `limit` at once. */
export async function pooled(n: number, limit: number, work: (i: number) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(limit, n) }, async () => {
      while (next < n) await work(next++);
    }),
  );
}
