import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, type Kysely } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DictItem, PageResult } from '@procura/shared';
import { openDatabase } from '../src/db/database.js';
import { migrations } from '../src/db/migrations/index.js';
import { UNIT_IN_USE } from '../src/modules/material/unit-of-measure-routes.js';
import { UNKNOWN_UNIT } from '../src/modules/material/material-rules.js';
import { serverNow, toWireDateTime } from '../src/core/clock.js';
import { startTestServer, type TestServer } from './harness.js';

/** 计量单位 (domain §3): a resource of its own that serves the dictionary `srm_unit`. */
let s: TestServer;
let admin: string;
let buyer: string;

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
  buyer = await s.login('buyer');
});
afterAll(async () => s?.close());

const unitItems = async (token = buyer) =>
  (await s.request<DictItem[]>('GET', '/sys/dict/getDictItems/srm_unit', { token })).body.result;
const addUnit = (body: Record<string, unknown>) =>
  s.request<{ id: string }>('POST', '/srm/unitOfMeasure/add', { token: admin, body });
const leafCategory = async () =>
  (await s.ctx.db.selectFrom('srmMaterialCategory').select('id').where('isLeaf', '=', 1).executeTakeFirstOrThrow()).id;
const addMaterial = (unit: string, categoryId: string) =>
  s.request<{ id: string }>('POST', '/srm/material/add', {
    token: buyer,
    body: { name: `计量测试${unit}`, categoryId, unit },
  });

describe('units of measure', () => {
  it('the table serves the dictionary srm_unit: the default units, in order, with their names', async () => {
    const items = await unitItems();
    expect(items.slice(0, 3).map((i) => [i.value, i.text])).toEqual([
      ['PCS', '个'],
      ['SET', '套'],
      ['UNIT', '台'],
    ]);
    expect(items.map((i) => i.value)).toEqual(expect.arrayContaining(['KG', 'TON', 'M', 'TIME', 'BOX']));
    // It is no longer a dictionary of 数据字典.
    expect(await s.ctx.db.selectFrom('sysDict').select('id').where('dictCode', '=', 'srm_unit').execute()).toEqual([]);
  });

  it('a new unit is offered everywhere and materials are counted in it, shown by its name', async () => {
    const res = await addUnit({ code: 'ROLL', name: '卷', sortNo: 20 });
    expect(res.body).toMatchObject({ success: true });
    expect((await unitItems()).find((i) => i.value === 'ROLL')?.text).toBe('卷');
    const added = await addMaterial('ROLL', await leafCategory());
    expect(added.body).toMatchObject({ success: true });
    const list = await s.request<PageResult<Record<string, unknown>>>(
      'GET',
      `/srm/material/list?name=${encodeURIComponent('计量测试ROLL')}`,
      { token: buyer },
    );
    expect(list.body.result.records[0]).toMatchObject({ unit: 'ROLL', unit_dictText: '卷' });
  });

  it('a material cannot name an unknown or inactive unit', async () => {
    const categoryId = await leafCategory();
    expect((await addMaterial('NOPE', categoryId)).body.success).toBe(false);
    const res = await addUnit({ code: 'PAIR', name: '双', status: 'INACTIVE' });
    expect(res.body.success).toBe(true);
    expect((await unitItems()).some((i) => i.value === 'PAIR')).toBe(false);
    expect((await addMaterial('PAIR', categoryId)).body.success).toBe(false);
  });

  it('codes and names are unique; a unit in use cannot be deleted, an unused one can', async () => {
    expect((await addUnit({ code: 'PCS', name: '只' })).body.success).toBe(false);
    expect((await addUnit({ code: 'EA', name: '个' })).body.success).toBe(false);
    const used = await s.ctx.db
      .selectFrom('srmUnitOfMeasure')
      .select('id')
      .where('code', '=', 'ROLL')
      .executeTakeFirst();
    const refused = await s.request('DELETE', `/srm/unitOfMeasure/delete?id=${used!.id}`, { token: admin });
    expect(refused.body).toMatchObject({ success: false, message: `${UNIT_IN_USE}：卷` });
    const spare = await addUnit({ code: 'DOZ', name: '打' });
    const deleted = await s.request('DELETE', `/srm/unitOfMeasure/delete?id=${spare.body.result.id}`, { token: admin });
    expect(deleted.body.success).toBe(true);
  });

  it('RFQ and auction lines name a unit, never free text', async () => {
    const at = (h: number) => toWireDateTime(new Date(serverNow().getTime() + h * 3_600_000).toISOString());
    const rfq = (unit: string) =>
      s.request('POST', '/srm/sourcing/event/add', {
        token: buyer,
        body: { title: '单位测试', responseDeadline: at(48), lines: [{ materialName: '复印纸', unit, qty: '1' }] },
      });
    expect((await rfq('箱')).body).toMatchObject({ success: false, message: `第1行${UNKNOWN_UNIT}` });
    expect((await rfq('BOX')).body).toMatchObject({ success: true });
    const auction = (unit: string) =>
      s.request('POST', '/srm/auction/event/add', {
        token: buyer,
        body: {
          title: '单位测试',
          rules: {
            biddingTarget: 'LOT_TOTAL',
            startPrice: '1000',
            decrementMode: 'AMOUNT',
            decrementValue: '1',
            startAt: at(1),
            endAt: at(2),
          },
          lines: [{ materialName: '钢板', qty: '1', unit }],
        },
      });
    expect((await auction('T')).body).toMatchObject({ success: false, message: `第1行${UNKNOWN_UNIT}` });
    expect((await auction('TON')).body).toMatchObject({ success: true });
  });

  it('buyers read units but only administrators change them', async () => {
    const res = await s.request('POST', '/srm/unitOfMeasure/add', { token: buyer, body: { code: 'BAG', name: '袋' } });
    expect(res.status).toBe(403);
    const list = await s.request<PageResult<{ code: string }>>('GET', '/srm/unitOfMeasure/list', { token: buyer });
    expect(list.body.result.records.map((r) => r.code)).toContain('PCS');
  });
});

describe('migration 0053', () => {
  it("carries over an installation's own dictionary units, then retires the dictionary", async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'procura-uom-'));
    const { db, close } = openDatabase(`sqlite:${path.join(dir, 'm.db')}`);
    try {
      // Migrations speak snake_case SQL, as in migrate.ts.
      const raw = db.withoutPlugins() as unknown as Kysely<any>; // eslint-disable-line @typescript-eslint/no-explicit-any
      const migrator = (upTo?: string) =>
        new Migrator({
          db: raw,
          provider: {
            getMigrations: async () =>
              Object.fromEntries(Object.entries(migrations).filter(([name]) => !upTo || name <= upTo)),
          },
          migrationTableName: 'procura_migration',
          migrationLockTableName: 'procura_migration_lock',
        });
      expect((await migrator('0052-job-state').migrateToLatest()).error).toBeUndefined();
      const now = '2026-01-01T00:00:00.000Z';
      await raw
        .insertInto('sys_dict')
        .values({ id: 'd1', dict_name: '计量单位', dict_code: 'srm_unit', create_time: now })
        .execute();
      await raw
        .insertInto('sys_dict_item')
        .values([
          { id: 'i1', dict_id: 'd1', item_text: '个', item_value: 'PCS', sort_order: 1, status: 1, create_time: now },
          {
            id: 'i2',
            dict_id: 'd1',
            item_text: '托',
            item_value: 'PALLET',
            sort_order: 9,
            status: 1,
            create_time: now,
          },
          { id: 'i3', dict_id: 'd1', item_text: '桶', item_value: 'DRUM', sort_order: 10, status: 0, create_time: now },
        ])
        .execute();
      expect((await migrator().migrateToLatest()).error).toBeUndefined();
      const units = await db.selectFrom('srmUnitOfMeasure').select(['code', 'name', 'status']).execute();
      expect(units).toEqual(
        expect.arrayContaining([
          { code: 'PCS', name: '个', status: 'ACTIVE' },
          { code: 'TON', name: '吨', status: 'ACTIVE' },
          { code: 'PALLET', name: '托', status: 'ACTIVE' },
          { code: 'DRUM', name: '桶', status: 'INACTIVE' },
        ]),
      );
      expect(await db.selectFrom('sysDict').select('id').where('dictCode', '=', 'srm_unit').execute()).toEqual([]);
      expect(await db.selectFrom('sysDictItem').select('id').where('dictId', '=', 'd1').execute()).toEqual([]);
    } finally {
      await close();
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
