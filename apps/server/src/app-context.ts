import type { Config } from './config.js';
import type { Db, DatabaseKind } from './db/database.js';
import { LoginThrottle } from './modules/auth/login-throttle.js';
import { loadSigningKey, SessionService } from './modules/auth/session-service.js';
import { SupplierService } from './modules/supplier/supplier-service.js';
import { AnnouncementService } from './modules/system/announcement-service.js';
import { CodeRuleService } from './modules/system/code-rule-service.js';
import { DictService } from './modules/system/dict-service.js';
import { PermissionService } from './modules/system/permission-service.js';

/** What the route modules share: configuration, the database and the services over it. */
export type AppContext = {
  config: Config;
  db: Db;
  kind: DatabaseKind;
  sessions: SessionService;
  throttle: LoginThrottle;
  permissions: PermissionService;
  dicts: DictService;
  suppliers: SupplierService;
  announcements: AnnouncementService;
  /** Document numbers (fill rules, X-9) and value checks (check rules). */
  codes: CodeRuleService;
};

export async function createContext(config: Config, db: Db, kind: DatabaseKind): Promise<AppContext> {
  return {
    config,
    db,
    kind,
    sessions: new SessionService(db, await loadSigningKey(db)),
    throttle: new LoginThrottle(db),
    permissions: new PermissionService(db),
    dicts: new DictService(db),
    suppliers: new SupplierService(db),
    announcements: new AnnouncementService(db),
    codes: new CodeRuleService(db),
  };
}
