import { DEMO_REPORT_CODE } from '@procura/shared';
import { newId } from '../core/ids.js';
import { serverNowIso } from '../core/clock.js';
import type { Db } from '../db/database.js';

const SEEDER = 'system';

/**
 * 部门列表: departments as `code` / `name` rows (the columns the gallery's popup demos hand back),
 * narrowed by the `${name}` parameter (empty: all) and searchable by code, name and a
 * sort-number range, so every part of the report popup has something to show.
 */
export async function seedReportDemo(db: Db): Promise<void> {
  const now = serverNowIso();
  const audit = { createBy: SEEDER, createTime: now, updateBy: null, updateTime: null };
  const id = newId();
  await db
    .insertInto('onlCgreportHead')
    .values({
      id,
      code: DEMO_REPORT_CODE,
      name: '部门列表',
      // coalesce gives the parameter a type on PostgreSQL and makes an empty one match every name.
      cgrSql:
        "select org_code as code, depart_name as name, depart_order as sort_no from sys_depart where del_flag = 0 and depart_name like '%' || coalesce(${name}, '') || '%'",
      content: '示例报表：部门编码与名称，参数 name 按名称筛选',
      ...audit,
    })
    .execute();
  const items: [string, string, string, number, string][] = [
    ['code', '部门编码', 'string', 1, 'single'],
    ['name', '部门名称', 'string', 1, 'single'],
    ['sort_no', '排序', 'integer', 1, 'group'],
  ];
  await db
    .insertInto('onlCgreportItem')
    .values(
      items.map(([fieldName, fieldTxt, fieldType, isQuery, searchMode], orderNum) => ({
        id: newId(),
        cgrheadId: id,
        fieldName,
        fieldTxt,
        fieldType,
        isShow: 1,
        isQuery,
        searchMode,
        dictCode: null,
        orderNum,
        ...audit,
      })),
    )
    .execute();
  await db
    .insertInto('onlCgreportParam')
    .values({
      id: newId(),
      cgrheadId: id,
      paramName: 'name',
      paramTxt: '部门名称包含',
      paramValue: null,
      orderNum: 0,
      ...audit,
    })
    .execute();
}
