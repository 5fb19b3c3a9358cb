import type { Config } from './config.js';
import type { Db, DatabaseKind } from './db/database.js';
import { LoginThrottle } from './modules/auth/login-throttle.js';
import { CaptchaService } from './modules/auth/captcha.js';
import { SecuritySettings } from './modules/auth/security-settings.js';
import { loadSigningKey, SessionService } from './modules/auth/session-service.js';
import { SupplierService } from './modules/supplier/supplier-service.js';
import { SupplierLifecycle } from './modules/supplier/supplier-lifecycle.js';
import { AdmissionReviews } from './modules/supplier/admission-review.js';
import { QualificationService } from './modules/supplier/qualification-service.js';
import { AnnouncementService } from './modules/announcements/announcement-service.js';
import { CodeRuleService } from './modules/code-rules/code-rule-service.js';
import { LiveHub } from './core/live-events.js';
import { DictService } from './modules/dictionaries/dict-service.js';
import { PermissionService } from './modules/roles-and-permissions/permission-service.js';
import { JobScheduler } from './modules/jobs/scheduler.js';
import { CacheVersions } from './core/cache-versions.js';

/** What the route modules share: configuration, the database and the services over it. */
export type AppContext = {
  config: Config;
  db: Db;
  kind: DatabaseKind;
  /** The stamps of this node's caches, checked once per request (access hook). */
  cacheVersions: CacheVersions;
  sessions: SessionService;
  throttle: LoginThrottle;
  /** The image captcha (`/sys/randomImage/{key}`), kept in the database. */
  captchas: CaptchaService;
  /** The sign-in guard's settings (`sys_config`, `security.*`). */
  security: SecuritySettings;
  permissions: PermissionService;
  dicts: DictService;
  suppliers: SupplierService;
  /** Supplier status transitions (domain §4.4) and their approvals. */
  lifecycle: SupplierLifecycle;
  /** Admission reviews (domain §4.3), approved through the engine. */
  admissionReviews: AdmissionReviews;
  /** Supplier qualifications and the expiry job (QLF-3). */
  qualifications: QualificationService;
  announcements: AnnouncementService;
  /** Document numbers (fill rules, X-9) and value checks (check rules). */
  codes: CodeRuleService;
  /** Live updates (SSE): one hub per process, closed with the server (app.ts preClose). */
  live: LiveHub;
  /** The background jobs, started and stopped with the server (app.ts). */
  jobs: JobScheduler;
};

/** The lifecycle and admission reviews (their approval document types are in the supplier manifest). */
function supplierLifecycle(
  db: Db,
  dicts: DictService,
): { lifecycle: SupplierLifecycle; admissionReviews: AdmissionReviews } {
  const lifecycle = new SupplierLifecycle(db);
  return { lifecycle, admissionReviews: new AdmissionReviews(db, lifecycle, dicts) };
}

export async function createContext(config: Config, db: Db, kind: DatabaseKind): Promise<AppContext> {
  const cacheVersions = new CacheVersions(db);
  const dicts = new DictService(db, cacheVersions);
  const security = new SecuritySettings(db);
  return {
    config,
    db,
    kind,
    cacheVersions,
    sessions: new SessionService(db, await loadSigningKey(db), cacheVersions, security),
    throttle: new LoginThrottle(db),
    captchas: new CaptchaService(db),
    security,
    permissions: new PermissionService(db, cacheVersions),
    dicts,
    suppliers: new SupplierService(db),
    ...supplierLifecycle(db, dicts),
    qualifications: new QualificationService(db),
    announcements: new AnnouncementService(db),
    codes: new CodeRuleService(db),
    live: new LiveHub(),
    jobs: new JobScheduler(db),
  };
}
