import { afterEach, describe, expect, it } from 'vitest';
import { configurePasswordHashing, DEFAULT_PASSWORD_HASH_COST, hashPassword, verifyPassword } from './password.js';

afterEach(() => configurePasswordHashing(DEFAULT_PASSWORD_HASH_COST));

describe('password hashes', () => {
  it('are scrypt at N=2^15, r=8 by default (32 MiB: memory-hard), never the password', async () => {
    configurePasswordHashing(DEFAULT_PASSWORD_HASH_COST);
    const stored = await hashPassword('Procura@2026');
    expect(stored).toMatch(/^scrypt\$32768\$8\$1\$/);
    expect(stored).not.toContain('Procura@2026');
    expect(await verifyPassword('Procura@2026', stored)).toBe(true);
    expect(await verifyPassword('Procura@2027', stored)).toBe(false);
  });

  it('are made at the configured cost and verified with the parameters they name', async () => {
    const strong = await hashPassword('Secret#123');
    configurePasswordHashing(10);
    const cheap = await hashPassword('Secret#123');
    expect(cheap).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect(await verifyPassword('Secret#123', cheap)).toBe(true);
    expect(await verifyPassword('Secret#123', strong)).toBe(true);
    expect(await verifyPassword('Secret#124', cheap)).toBe(false);
  });
});
