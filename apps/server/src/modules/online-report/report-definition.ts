import type { Db } from '../../db/database.js';
import { businessError } from '../../core/errors.js';
import { isPlatform } from '../../core/tenant-data.js';
import { parseReportSql, type ReportSqlPart } from './report-sql.js';

export type ReportDefinition = {
  id: string;
  code: string;
  name: string;
  parts: ReportSqlPart[];
  items: {
    fieldName: string;
    fieldTxt: string;
    fieldType: string;
    isShow: number;
    isQuery: number;
    searchMode: string | null;
    dictCode: string | null;
  }[];
  params: { paramName: string; paramTxt: string; paramValue: string | null }[];
};

/** A report by id or code, with its columns and parameters in order; '实体不存在' when there is none (as JeecgBoot). */
export async function loadReport(
  db: Db,
  by: { id: string } | { code: string },
  request: { tenantId: number },
): Promise<ReportDefinition> {
  let q = db.selectFrom('onlCgreportHead').select(['id', 'code', 'name', 'cgrSql']);
  // A tenant runs its own reports and the platform's (tenant 0); another tenant's are absent.
  if (!isPlatform(request)) q = q.where('tenantId', 'in', [0, request.tenantId]);
  q = 'id' in by ? q.where('id', '=', by.id) : q.where('code', '=', by.code);
  const head = await q.executeTakeFirst();
  if (!head) throw businessError('实体不存在');
  const [items, params] = await Promise.all([
    db
      .selectFrom('onlCgreportItem')
      .select(['fieldName', 'fieldTxt', 'fieldType', 'isShow', 'isQuery', 'searchMode', 'dictCode'])
      .where('cgrheadId', '=', head.id)
      .orderBy('orderNum')
      .orderBy('fieldName')
      .execute(),
    db
      .selectFrom('onlCgreportParam')
      .select(['paramName', 'paramTxt', 'paramValue'])
      .where('cgrheadId', '=', head.id)
      .orderBy('orderNum')
      .execute(),
  ]);
  return { id: head.id, code: head.code, name: head.name, parts: parseReportSql(head.cgrSql), items, params };
}
