/**
 * The tables an online report may read (security.md R4/RPT-5): organisation and reference data
 * without secrets and without tenant rows. Users, sessions, logs, files, permissions and every
 * tenant's business data are not here; a view is allowed when the tables it reads are. A
 * code change, reviewed like any other, is the only way to widen this list.
 */
export const REPORT_TABLES: readonly string[] = ['bd_dataorg', 'sys_depart', 'sys_dict', 'sys_dict_item'];

/**
 * The allowed tables that hold tenants' rows, and which rows of them a tenant's report reads
 * (issue 16): `own` its own (departments), `shared` its own and the platform's (dictionaries),
 * `sharedItems` the items of those dictionaries. A report run in a tenant reads these tables
 * only through a filtered copy of the same name (report-runner); the platform reads them whole.
 */
export const REPORT_TENANT_TABLES: Readonly<Record<string, 'own' | 'shared' | 'sharedItems'>> = {
  sys_depart: 'own',
  sys_dict: 'shared',
  sys_dict_item: 'sharedItems',
};

/** Time and size limits of one report run (tests shorten the time). */
export const reportLimits = {
  /** Each statement of a run stops after this long (SQLite: the reading process is killed; PostgreSQL: statement_timeout). */
  timeoutMs: 5000,
  /** The largest page a report answers. */
  maxPageSize: 500,
};
