import { describe, expect, it } from 'vitest';
import { DICT_CACHE_TTL_MS, StorageKey } from '@procura/shared';
import { clientFor, fail, fakeServer, ok } from '../test/fake-server';
import { dictText, reloadDictCache } from './dict';
import { persistedSession } from './session-persistence';

const ITEMS = { sex: [{ value: '1', text: '男', title: '男', label: '男' }] };

describe('dictionary cache reload', () => {
  it('refreshes the server cache, then stores all items for 7 days', async () => {
    persistedSession.setDict({});
    const before = Date.now();
    const server = fakeServer({
      'GET /sys/dict/refleshCache': () => ok(null, '刷新缓存完成！'),
      'GET /sys/dict/queryAllDictItems': () => ok(ITEMS),
    });
    expect(await reloadDictCache(clientFor(server))).toBe(true);
    expect(server.requests.map((r) => r.url.pathname)).toEqual([
      '/jeecg-boot/sys/dict/refleshCache',
      '/jeecg-boot/sys/dict/queryAllDictItems',
    ]);
    expect(persistedSession.dict()).toEqual(ITEMS);
    const stored = JSON.parse(window.localStorage.getItem(StorageKey.DICT)!) as { expire: number };
    expect(stored.expire).toBeGreaterThanOrEqual(before + DICT_CACHE_TTL_MS);
    expect(stored.expire).toBeLessThanOrEqual(Date.now() + DICT_CACHE_TTL_MS);
  });

  it('reports failure when either call fails, keeping the old cache', async () => {
    persistedSession.setDict(ITEMS);
    const refused = fakeServer({ 'GET /sys/dict/refleshCache': () => fail(200, 'no', 500) });
    expect(await reloadDictCache(clientFor(refused))).toBe(false);
    expect(refused.requests).toHaveLength(1);
    const broken = fakeServer({
      'GET /sys/dict/refleshCache': () => ok(null),
      'GET /sys/dict/queryAllDictItems': () => fail(500, '系统繁忙'),
    });
    expect(await reloadDictCache(clientFor(broken))).toBe(false);
    expect(persistedSession.dict()).toEqual(ITEMS);
  });

  it('labels a value by text, else label, else the value', () => {
    expect(dictText(ITEMS.sex, '1')).toBe('男');
    expect(dictText(ITEMS.sex, '9')).toBe('9');
  });
});
