import type { Migration } from 'kysely';
import * as foundation from './0001-foundation.js';
import * as announcements from './0002-announcements.js';
import * as positions from './0003-positions-and-base-data.js';
import * as listIndexes from './0004-list-indexes.js';
import * as departPermissions from './0005-depart-permissions.js';
import * as permissionDataRules from './0006-permission-data-rules.js';
import * as logs from './0007-logs.js';
import * as tenants from './0008-tenants.js';
import * as codeRules from './0009-code-rules.js';
import * as portal from './0010-portal.js';
import * as authExtras from './0011-auth-extras.js';
import * as files from './0012-files.js';
import * as fileTenant from './0013-file-tenant.js';

/** Every migration, in order. Add new ones at the end; never edit a released one. */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-announcements': announcements,
  '0003-positions-and-base-data': positions,
  '0004-list-indexes': listIndexes,
  '0005-depart-permissions': departPermissions,
  '0006-permission-data-rules': permissionDataRules,
  '0007-logs': logs,
  '0008-tenants': tenants,
  '0009-code-rules': codeRules,
  '0010-portal': portal,
  '0011-auth-extras': authExtras,
  '0012-files': files,
  '0013-file-tenant': fileTenant,
};
