import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from '@playwright/test';

// What an operator sees when starting the server: no browser needed.
const main = path.join(path.dirname(fileURLToPath(import.meta.url)), '../../apps/server/dist/main.js');

function start(env: Record<string, string>) {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'procura-op-'));
  try {
    return spawnSync(process.execPath, [main], {
      env: {
        PATH: process.env.PATH ?? '',
        DATABASE_URL: `sqlite:${path.join(dir, 'p.db')}`,
        PORT: '0',
        LOG_LEVEL: 'warn',
        ...env,
      },
      encoding: 'utf8',
      timeout: 30_000,
    });
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

test('a bad setting stops start-up with one line naming the variable', () => {
  const r = start({ PORT: 'eighty' });
  expect(r.status).toBe(1);
  expect(r.stderr.trim()).toBe('procura: Invalid PORT="eighty": Invalid input: expected number, received NaN');
});

test('production refuses to start while a demo account keeps the demo password', () => {
  const r = start({ NODE_ENV: 'production' });
  expect(r.status).toBe(1);
  expect(r.stderr).toContain(
    'refusing to start in production: demo account(s) admin, buyer, hdadmin, hdbuyer, supplier1, supplier2, supplier3, supplier4 still use the demo password',
  );
});
