import { newId } from '../core/ids.js';
import { serverNowIso } from '../core/clock.js';
import type { Db } from '../db/database.js';

/** Demo material categories (code per level, as category administration generates them). */
const DEMO_CATEGORIES: [code: string, name: string][] = [
  ['A01', '生产物资'],
  ['A01A01', '原材料'],
  ['A01A01A01', '钢材'],
  ['A01A01A02', '塑料粒子'],
  ['A01A02', '机械零部件'],
  ['A01A02A01', '轴承'],
  ['A01A02A02', '紧固件'],
  ['A02', '非生产物资'],
  ['A02A01', '办公用品'],
  ['A02A02', '劳保用品'],
  ['A03', '工程服务'],
];

export async function seedDemoCategories(db: Db, createBy: string): Promise<void> {
  const ids = new Map<string, string>();
  const now = serverNowIso();
  for (const [code, name] of DEMO_CATEGORIES) {
    const id = newId();
    ids.set(code, id);
    const hasChild = DEMO_CATEGORIES.some(([c]) => c.length === code.length + 3 && c.startsWith(code)) ? '1' : '0';
    const pid = code.length > 3 ? ids.get(code.slice(0, -3))! : null;
    await db
      .insertInto('sysCategory')
      .values({ id, pid, name, code, hasChild, createBy, createTime: now, updateBy: null, updateTime: null })
      .execute();
  }
}
