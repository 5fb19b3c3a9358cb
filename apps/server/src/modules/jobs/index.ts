/**
 * Background jobs (定时任务): one scheduler for every module's jobs, its state shared through
 * the database (`sys_job_state`), and the operations API (`/sys/quartzJob/list`, `execute`).
 * A module exports a `JobDefinition` (name, Chinese label, schedule, run) and lists it in its manifest.
 */
export {
  JobScheduler,
  JOB_FAILED_MESSAGE,
  type JobDefinition,
  type JobFigures,
  type JobSchedule,
  type JobView,
} from './scheduler.js';
export { jobRoutes, scheduleText, JOB_BUSY } from './job-routes.js';
