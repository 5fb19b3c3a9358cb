/**
 * The state of the background jobs (migration 0052), one row per job, shared by every node
 * of a cluster: the lease that lets one node at a time run the job, and the last run for the
 * operations screens. Times are ISO-8601 UTC.
 */
export type SysJobStateTable = {
  /** The job's name (`jobClassName` on the wire). */
  name: string;
  /** The scheduler instance that holds the lease, while a run is in progress. */
  leaseOwner: string | null;
  /** Until when the lease holds; a node that died mid-run loses it then. */
  leaseUntil: string | null;
  lastRunAt: string | null;
  /** `OK`, or the failure's message (safe to show). */
  lastResult: string | null;
  lastDurationMs: number | null;
  nextRunAt: string | null;
};

export type JobTables = { sysJobState: SysJobStateTable };
