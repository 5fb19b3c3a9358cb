import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from './harness.js';

/**
 * Issue 16 finding 3: a table dictionary is no side door to a protected table. A table's
 * dictionary needs that table's list permission, and personal columns are never dictionary columns.
 */
let s: TestServer;
let admin: string;
let buyer: string;
beforeAll(async () => {
  s = await startTestServer();
  admin = await s.login('admin');
  buyer = await s.login('buyer');
});
afterAll(async () => s?.close());

const enc = encodeURIComponent;
const get = (path: string, token: string) => s.request<unknown[] | null>('GET', path, { token });

describe('table dictionaries on protected tables (loadDict, loadDictItem, loadTreeData, querySelectOptions)', () => {
  it('refuses a buyer without the list permission of sys_user, as /sys/user/list does', async () => {
    expect((await get('/sys/user/list', buyer)).status).toBe(403);
    for (const path of [
      `/sys/dict/loadDict/${enc('sys_user,realname,username')}?keyword=`,
      `/sys/dict/loadDictItem/${enc('sys_user,realname,username')}?key=admin`,
      `/online/cgform/api/querySelectOptions?table=sys_user&txt=realname&key=username&idField=id&pidField=org_code`,
    ]) {
      const res = await get(path, buyer);
      expect(res.status, path).toBe(403);
      expect(res.text).not.toContain('admin');
    }
    expect(
      (await get(`/sys/dict/loadTreeData?tableName=sys_depart&text=depart_name&code=id&pidField=parent_id`, buyer))
        .status,
    ).toBe(403);
  });

  it('takes no table dictionary through getDictItems', async () => {
    const res = await get(`/sys/dict/getDictItems/${enc('sys_user,phone,username')}`, buyer);
    expect(Array.isArray(res.body.result) ? res.body.result : []).toEqual([]);
  });

  it('still serves the administrator, who holds the list permission', async () => {
    const res = await get(`/sys/dict/loadDict/${enc('sys_user,realname,username')}?keyword=admin`, admin);
    expect(res.status).toBe(200);
  });

  it('never reads personal columns, even for the administrator', async () => {
    for (const code of [
      'sys_user,phone,username',
      'sys_user,username,phone',
      'sys_user,email,username',
      'sys_user,password,username',
      'sys_user,salt,username',
      'sys_user,id_card,username',
      "sys_user,realname,username,phone='13800000000'",
    ]) {
      const res = await get(`/sys/dict/loadDict/${enc(code)}?keyword=`, admin);
      expect(res.status, code).toBe(400);
      expect(res.body.success).toBe(false);
      expect(Array.isArray(res.body.result)).toBe(false);
    }
  });
});
