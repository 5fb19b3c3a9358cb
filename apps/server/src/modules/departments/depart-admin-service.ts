import { sql, type SqlBool, type Transaction } from 'kysely';
import { z } from 'zod';
import { businessError } from '../../core/errors.js';
import { recordId as id, wireId } from '../../http/wire.js';
import { escapeLike } from '../../core/paging.js';
import type { Database } from '../../db/schema.js';

export type Trx = Transaction<Database>;

/**
 * orgCode scheme: a department's code is its parent's code plus one 3-character segment, so
 * a department and everything under it share a prefix (A01, A01A01, A01A01B03, …). Siblings
 * take the first segment not used yet in the order A01…A99, B01…B99, …, Z99 (2,574 per
 * parent). Deleted departments keep their codes (del_flag), so a code is never reused.
 */
export const ORG_CODE_SEGMENT_LENGTH = 3;
const SEGMENT_LETTERS = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';

/** The first free child code under `parentCode` ('' for a root), or null when all are taken. */
export function nextOrgCode(parentCode: string, taken: ReadonlySet<string>): string | null {
  for (const letter of SEGMENT_LETTERS) {
    for (let n = 1; n <= 99; n++) {
      const code = `${parentCode}${letter}${String(n).padStart(2, '0')}`;
      if (!taken.has(code)) return code;
    }
  }
  return null;
}

export const startsWith = (column: 'orgCode', prefix: string) =>
  sql<SqlBool>`${sql.ref(column)} like ${`${escapeLike(prefix)}%`} escape ${'\\'}`;

/** A free code under a parent; every existing code (deleted ones too) below it counts as taken. */
export async function freeOrgCode(trx: Trx, parentCode: string): Promise<string> {
  const rows = await trx.selectFrom('sysDepart').select('orgCode').where(startsWith('orgCode', parentCode)).execute();
  const taken = new Set(rows.map((r) => r.orgCode.slice(0, parentCode.length + ORG_CODE_SEGMENT_LENGTH)));
  const code = nextOrgCode(parentCode, taken);
  if (!code) throw businessError('该部门下的下级部门数量已达上限');
  return code;
}

const blank = (v: unknown) => (v === '' || v === null ? undefined : v);
const optionalText = (max: number, label: string) =>
  z.preprocess(blank, z.string().trim().max(max, `${label}最多${max}个字符`).optional());
const phoneLike = (label: string) =>
  z.preprocess(
    blank,
    z
      .string()
      .trim()
      .max(32, `${label}最多32个字符`)
      .regex(/^[0-9+\-() ]*$/, `请输入正确的${label}`)
      .optional(),
  );

/** What an administrator may write on a department; nothing else is ever taken from a request. */
const departFields = {
  departName: z.string().trim().min(1, '请输入部门名称').max(100, '部门名称最多100个字符'),
  // '' or null: a top-level department.
  parentId: z.preprocess((v) => (v === '' ? null : v), wireId('上级部门编号不正确').nullable().optional()),
  orgCategory: z.preprocess(
    (v) => (typeof v === 'number' ? String(v) : blank(v)),
    z.enum(['1', '2', '3'], { message: '机构类别不正确' }).optional(),
  ),
  departOrder: z.preprocess(
    blank,
    z.coerce
      .number({ message: '排序必须是整数' })
      .int('排序必须是整数')
      .min(0, '排序不能小于0')
      .max(999_999, '排序不能大于999999')
      .optional(),
  ),
  mobile: phoneLike('电话'),
  fax: phoneLike('传真'),
  address: optionalText(100, '地址'),
  memo: optionalText(500, '备注'),
  description: optionalText(500, '描述'),
};

/** Keys JeecgBoot's department form and tree nodes carry: accepted and ignored (orgCode is the server's). */
const ignoredKeys = Object.fromEntries(
  [
    'orgCode',
    'orgType',
    'departNameEn',
    'departNameAbbr',
    'status',
    'delFlag',
    'qywxIdentifier',
    'directorUserIds',
    'createBy',
    'createTime',
    'updateBy',
    'updateTime',
    'key',
    'value',
    'title',
    'isLeaf',
    'children',
  ].map((k) => [k, z.unknown().optional()]),
);

export const addSchema = z.object({ id: z.literal('').optional(), ...departFields, ...ignoredKeys }).strict();
export const editSchema = z
  .object({ id, ...departFields, departName: departFields.departName.optional(), ...ignoredKeys })
  .strict();

type EditableKey = 'mobile' | 'fax' | 'address' | 'memo' | 'description';
export const EDITABLE_TEXT: EditableKey[] = ['mobile', 'fax', 'address', 'memo', 'description'];
