import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { PageResult } from '@procura/shared';
import { startTestServer, type TestServer } from './harness.js';

/**
 * Configurable fields (spec part 2 §5, §7): definitions an administrator edits for an
 * opted-in table, answered by the extendField / formStyle calls; values stored with the record
 * (in its add/edit transaction, deleted with it) and searchable in the generic list; required
 * and read-only rules enforced on the server.
 */
let s: TestServer;
let admin: string;
let buyer: string;
let orgId: string;

type Org = Record<string, unknown>;
const define = (body: Record<string, unknown>) =>
  s.request('POST', '/extendField/add', { token: admin, body: { tableName: 'bd_dataorg', ...body } });
const add = (body: Org, token = admin) => s.request<{ id: string }>('POST', '/dataorg/bdDataorg/add', { token, body });
const edit = (body: Org, token = admin) => s.request('PUT', '/dataorg/bdDataorg/edit', { token, body });
const valuesOf = async (recordId?: string) => {
  let q = s.ctx.db
    .selectFrom('sysExtendValue')
    .select(['recordId', 'fieldName', 'value'])
    .where('tableName', '=', 'bd_dataorg');
  if (recordId) q = q.where('recordId', '=', recordId);
  return q.orderBy('recordId').orderBy('fieldName').execute();
};
const orgByCode = (code: string) =>
  s.ctx.db.selectFrom('bdDataorg').selectAll().where('code', '=', code).executeTakeFirst();

beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
  buyer = await s.login('buyer');
  expect(
    (
      await define({
        fieldName: 'taxNo',
        labelName: '税号',
        dataType: 'String',
        required: 'true',
        formStyle: 'list,edit',
        width: 160,
        sortNo: 1,
      })
    ).body.success,
  ).toBe(true);
  expect(
    (
      await define({
        fieldName: 'founded',
        labelName: '成立日期',
        dataType: 'date',
        editProperty: '1',
        formStyle: 'edit,info',
        area: 'head',
        sortNo: 2,
      })
    ).body.success,
  ).toBe(true);
  expect(
    (
      await define({
        fieldName: 'grade',
        labelName: '等级',
        dataType: 'String',
        editProperty: '2',
        formStyle: 'list,edit',
        area: 'body',
        sortNo: 3,
      })
    ).body.success,
  ).toBe(true);
});
afterAll(async () => s?.close());

describe('definitions', () => {
  it('answers list columns, form fields and form-style fields of an opted-in table', async () => {
    const table = await s.request<{ fieldName: string; width: number }[]>('POST', '/extendField/getTableList', {
      token: buyer,
      body: { type: 'bd_dataorg' },
    });
    expect(table.body.result.map((f) => f.fieldName)).toEqual(['taxNo', 'grade']);
    const form = await s.request<{ fieldName: string; required: string | null; editProperty: string | null }[]>(
      'GET',
      '/extendField/getList?type=bd_dataorg',
      { token: buyer },
    );
    expect(form.body.result.map((f) => f.fieldName)).toEqual(['taxNo', 'founded', 'grade']);
    const style = await s.request<{ labelName: string; fieldName: string; width: number }[]>(
      'POST',
      '/formStyle/getList',
      { token: buyer, body: { tableName: 'bd_dataorg', formStyle: 'list' } },
    );
    expect(style.body.result).toEqual([
      { labelName: '税号', fieldName: 'taxNo', width: 160 },
      { labelName: '等级', fieldName: 'grade', width: 120 },
    ]);
    const body = await s.request<{ fieldName: string }[]>('POST', '/formStyle/getBodyField', {
      token: buyer,
      body: { tableName: 'bd_dataorg', formStyle: 'edit' },
    });
    expect(body.body.result.map((f) => f.fieldName)).toEqual(['grade']);
    const head = await s.request<{ fieldName: string }[]>(
      'GET',
      '/formStyle/getHeadField?tableName=bd_dataorg&formStyle=info',
      { token: buyer },
    );
    expect(head.body.result.map((f) => f.fieldName)).toEqual(['founded']);
  });

  it('refuses tables that did not opt in and names taken by the table', async () => {
    expect(
      (await s.request('POST', '/extendField/getTableList', { token: buyer, body: { type: 'sys_user' } })).status,
    ).toBe(400);
    expect((await s.request('GET', '/extendField/getList?type=sys_user%20t', { token: buyer })).status).toBe(400);
    expect((await define({ tableName: 'sys_user', fieldName: 'x', labelName: 'x', dataType: 'String' })).status).toBe(
      400,
    );
    expect((await define({ fieldName: 'name', labelName: '名称2', dataType: 'String' })).status).toBe(400);
  });
});

describe('values travel with the record', () => {
  it('a refused add stores neither the record nor any value: required fields, types, unknown names', async () => {
    const missing = await add({ code: 'HD01', name: '华东机构', extendValues: { founded: '2020-01-01' } });
    expect(missing.status).toBe(400);
    expect(missing.body.message).toBe('请输入税号');
    expect((await add({ code: 'HD01', name: '华东机构' })).body.message).toBe('请输入税号');
    expect((await add({ code: 'HD01', name: '华东机构', extendValues: { taxNo: 'T1' } })).body.message).toBe(
      '请输入成立日期',
    );
    expect(
      (await add({ code: 'HD01', name: '华东机构', extendValues: { taxNo: 'T1', founded: '2020/01/01' } })).body
        .message,
    ).toBe('成立日期的格式应为 YYYY-MM-DD');
    const unknown = await add({
      code: 'HD01',
      name: '华东机构',
      extendValues: { taxNo: 'T1', founded: '2020-01-01', unknownField: 'x' },
    });
    expect(unknown.status).toBe(400);
    expect(unknown.body.message).toBe('未知的扩展字段: unknownField');
    expect(await orgByCode('HD01')).toBeUndefined();
    expect(await valuesOf()).toEqual([]);
  });

  it('an add stores its values with it (a read-only field is not set), the list shows and searches them', async () => {
    const added = await add({
      code: 'HD01',
      name: '华东机构',
      extendValues: { taxNo: "91310000X'1", founded: '2020-01-01', grade: 'C' },
    });
    expect(added.body.success).toBe(true);
    orgId = added.body.result.id;
    expect(
      (await add({ code: 'HB01', name: '华北机构', extendValues: { taxNo: 'B1', founded: '2021-05-05' } })).body
        .success,
    ).toBe(true);
    expect(await valuesOf(orgId)).toEqual([
      { recordId: orgId, fieldName: 'founded', value: '2020-01-01' },
      { recordId: orgId, fieldName: 'taxNo', value: "91310000X'1" },
    ]);
    const list = await s.request<PageResult<Org>>(
      'GET',
      `/dataorg/bdDataorg/list?taxNo=${encodeURIComponent('*0000X*')}`,
      { token: admin },
    );
    expect(list.body.result.records).toHaveLength(1);
    expect(list.body.result.records[0]).toMatchObject({ code: 'HD01', taxNo: "91310000X'1", founded: '2020-01-01' });
    const none = await s.request<PageResult<Org>>(
      'GET',
      `/dataorg/bdDataorg/list?taxNo=${encodeURIComponent("' or '1'='1")}`,
      { token: admin },
    );
    expect(none.body.result.total).toBe(0);
    const byDate = await s.request<PageResult<Org>>(
      'GET',
      '/dataorg/bdDataorg/list?founded_begin=2019-12-31&founded_end=2020-01-02',
      { token: admin },
    );
    expect(byDate.body.result.records.map((r) => r.code)).toEqual(['HD01']);
    const one = await s.request<Org>('GET', `/dataorg/bdDataorg/queryById?id=${orgId}`, { token: admin });
    expect(one.body.result).toMatchObject({ code: 'HD01', taxNo: "91310000X'1" });
  });

  it('an edit replaces the values it sends, keeps read-only ones, and a refused edit changes nothing', async () => {
    await s.ctx.db
      .insertInto('sysExtendValue')
      .values({ tableName: 'bd_dataorg', recordId: orgId, fieldName: 'grade', value: 'A' })
      .execute();
    expect((await edit({ id: orgId, name: '华东机构2', extendValues: { taxNo: 'T2', grade: 'C' } })).body.success).toBe(
      true,
    );
    expect(Object.fromEntries((await valuesOf(orgId)).map((v) => [v.fieldName, v.value]))).toEqual({
      taxNo: 'T2',
      founded: '2020-01-01',
      grade: 'A',
    });

    const before = await valuesOf();
    const refused = await edit({ id: orgId, name: '改不了', extendValues: { taxNo: '', founded: '2020-02-02' } });
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('请输入税号');
    expect((await edit({ id: orgId, name: '改不了', extendValues: { bogus: '1' } })).body.message).toBe(
      '未知的扩展字段: bogus',
    );
    expect((await orgByCode('HD01'))!.name).toBe('华东机构2');
    expect(await valuesOf()).toEqual(before);

    // An edit without values (a JeecgBoot client sending the record only) leaves them as they are.
    expect((await edit({ id: orgId, name: '华东机构3' })).body.success).toBe(true);
    expect(await valuesOf()).toEqual(before);
  });

  it('is read by buyers (the organisation picker) but written only by users who may add or edit the resource', async () => {
    const seen = await s.request<PageResult<Org>>('GET', '/dataorg/bdDataorg/list?code=HD01', { token: buyer });
    expect(seen.status).toBe(200);
    expect(seen.body.result.records[0]).toMatchObject({ code: 'HD01', taxNo: 'T2' });
    expect((await s.request('DELETE', `/dataorg/bdDataorg/delete?id=${orgId}`, { token: buyer })).status).toBe(403);
    expect((await edit({ id: orgId, extendValues: { taxNo: 'T9' } }, buyer)).status).toBe(403);
    expect(
      (await add({ code: 'X1', name: 'x', extendValues: { taxNo: 'T9', founded: '2020-01-01' } }, buyer)).status,
    ).toBe(403);
    expect((await valuesOf(orgId)).find((v) => v.fieldName === 'taxNo')!.value).toBe('T2');
  });

  it('delete and deleteBatch remove the records values with them', async () => {
    const other = (await orgByCode('HB01'))!.id;
    const third = (await add({ code: 'HN01', name: '华南机构', extendValues: { taxNo: 'N1', founded: '2022-01-01' } }))
      .body.result.id;
    expect((await s.request('DELETE', `/dataorg/bdDataorg/delete?id=${orgId}`, { token: admin })).body.success).toBe(
      true,
    );
    expect(await valuesOf(orgId)).toEqual([]);
    expect((await valuesOf(other)).length).toBe(2);
    expect(
      (await s.request('DELETE', `/dataorg/bdDataorg/deleteBatch?ids=${other},${third},`, { token: admin })).body
        .success,
    ).toBe(true);
    expect(await valuesOf()).toEqual([]);
  });
});
