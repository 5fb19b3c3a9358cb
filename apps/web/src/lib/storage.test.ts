import { describe, expect, it } from 'vitest';
import { createExpiringStorage, sessionJson, storage } from './storage';

describe('expiring storage', () => {
  it('keeps a value until its deadline, then returns null and removes it', () => {
    let now = 1_000;
    const store = createExpiringStorage(
      () => window.localStorage,
      () => now,
    );
    store.set('k', { a: 1 }, 500);
    expect(JSON.parse(window.localStorage.getItem('k')!)).toEqual({ value: { a: 1 }, expire: 1_500 });
    now = 1_499;
    expect(store.get('k')).toEqual({ a: 1 });
    now = 1_500;
    expect(store.get('k')).toBeNull();
    expect(window.localStorage.getItem('k')).toBeNull();
  });

  it('keeps a value without ttl forever', () => {
    let now = 0;
    const store = createExpiringStorage(
      () => window.localStorage,
      () => now,
    );
    store.set('forever', 'x');
    now = Number.MAX_SAFE_INTEGER;
    expect(store.get('forever')).toBe('x');
  });

  it('drops corrupt or foreign entries', () => {
    window.localStorage.setItem('bad', '{not json');
    window.localStorage.setItem('plain', '"just a string"');
    expect(storage.get('bad')).toBeNull();
    expect(storage.get('plain')).toBeNull();
    expect(window.localStorage.getItem('bad')).toBeNull();
    expect(window.localStorage.getItem('plain')).toBeNull();
  });

  it('returns null for a missing key and removes on request', () => {
    expect(storage.get('missing')).toBeNull();
    storage.set('gone', 1, 10_000);
    storage.remove('gone');
    expect(storage.get('gone')).toBeNull();
  });
});

describe('session JSON', () => {
  it('stores plain JSON in sessionStorage', () => {
    sessionJson.set('auth', [{ action: 'user:add', type: '1' }]);
    expect(window.sessionStorage.getItem('auth')).toBe('[{"action":"user:add","type":"1"}]');
    expect(sessionJson.get('auth')).toEqual([{ action: 'user:add', type: '1' }]);
    sessionJson.remove('auth');
    expect(sessionJson.get('auth')).toBeNull();
  });
});
