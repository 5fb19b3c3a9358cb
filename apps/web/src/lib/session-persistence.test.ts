import { describe, expect, it } from 'vitest';
import { StorageKey, TOKEN_TTL_MS } from '@procura/shared';
import type { UserInfo } from '@procura/shared';
import { persistedSession } from './session-persistence';

describe('persisted session', () => {
  it('keeps token, user info and dictionaries for 7 days under the JeecgBoot keys', () => {
    const before = Date.now();
    persistedSession.setToken('tok');
    persistedSession.setUserInfo({ username: 'admin' } as UserInfo);
    persistedSession.setDict({ sex: [] });
    for (const key of [StorageKey.TOKEN, StorageKey.USER_INFO, StorageKey.DICT]) {
      const { expire } = JSON.parse(window.localStorage.getItem(key)!) as { expire: number };
      expect(expire - before).toBeGreaterThanOrEqual(TOKEN_TTL_MS);
      expect(expire - Date.now()).toBeLessThanOrEqual(TOKEN_TTL_MS);
    }
    expect(persistedSession.token()).toBe('tok');
  });

  it("sends tenant '0' when none is stored, else the stored one", () => {
    expect(persistedSession.tenantId()).toBe('0');
    window.localStorage.setItem(StorageKey.TENANT_ID, JSON.stringify({ value: 7, expire: null }));
    expect(persistedSession.tenantId()).toBe('7');
  });

  it('keeps button permissions in sessionStorage and clears everything', () => {
    persistedSession.setToken('tok');
    persistedSession.setButtonAuth([{ action: 'a', type: '1' }], [{ action: 'a', type: '1', status: '1' }]);
    expect(JSON.parse(window.sessionStorage.getItem(StorageKey.USER_BUTTON_AUTH)!)).toEqual([
      { action: 'a', type: '1' },
    ]);
    expect(JSON.parse(window.sessionStorage.getItem(StorageKey.SYS_BUTTON_AUTH)!)).toHaveLength(1);
    persistedSession.clear();
    expect(persistedSession.token()).toBeNull();
    expect(persistedSession.buttonAuth()).toEqual({ auth: [], allAuth: [] });
  });
});
