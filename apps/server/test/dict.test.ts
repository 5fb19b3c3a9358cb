import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DictItem, DictMap } from '@procura/shared';
import { LEAK_PATTERN, startTestServer, type TestServer } from './harness.js';

let s: TestServer;
let token: string;
beforeAll(async () => {
  s = await startTestServer();
  token = await s.login('supplier1');
});
afterAll(async () => s?.close());

describe('dictionaries', () => {
  it('queryAllDictItems gives every enabled item, in order', async () => {
    const res = await s.request<DictMap>('GET', '/sys/dict/queryAllDictItems', { token });
    expect(res.body.success).toBe(true);
    expect(res.body.result.srm_sourcing_type!.map((i) => i.text)).toEqual(['招标', '询价', '竞价']);
    expect(res.body.result.priority!.map((i) => i.value)).toEqual(['L', 'M', 'H']);
  });

  it('getDictItems gives one dictionary', async () => {
    const res = await s.request<DictItem[]>('GET', '/sys/dict/getDictItems/user_status', { token });
    expect(res.body.result).toEqual([
      { value: '1', text: '正常', title: '正常', label: '正常' },
      { value: '2', text: '冻结', title: '冻结', label: '冻结' },
    ]);
  });

  it('leaves disabled items out', async () => {
    await s.ctx.db.updateTable('sysDictItem').set({ status: 0 }).where('itemValue', '=', 'H').execute();
    const res = await s.request<DictItem[]>('GET', '/sys/dict/getDictItems/priority', { token });
    expect(res.body.result.map((i) => i.value)).toEqual(['L', 'M']);
  });

  it('refuses table dictionaries and injection in the code (SQLI-1, SQLI-2)', async () => {
    for (const code of [
      'sys_user,password,username',
      'sys_user,realname,id',
      "sex' or '1'='1",
      'demo,name,id,1=1 or 1=1',
    ]) {
      const res = await s.request('GET', `/sys/dict/getDictItems/${encodeURIComponent(code)}`, { token });
      expect(res.status).toBe(400);
      expect(res.body.success).toBe(false);
      expect(res.text).not.toMatch(LEAK_PATTERN);
      expect(res.text).not.toMatch(/scrypt/);
    }
  });

  it('answers an unknown dictionary code with an empty list, as JeecgBoot does', async () => {
    const res = await s.request('GET', '/sys/dict/getDictItems/no_such_dict', { token });
    expect(res.status).toBe(200);
    expect(res.body).toMatchObject({ success: true, result: [] });
  });

  it('needs a login', async () => {
    expect((await s.request('GET', '/sys/dict/queryAllDictItems')).status).toBe(401);
  });
});
