/**
 * Settings every test server and the template database start with. PASSWORD_HASH_COST: scrypt at
 * N=2^10 (1 MiB, about 2 ms) instead of the production 2^15 (32 MiB, 75 ms quiet, over a second on
 * a loaded 2-core run): every sign-in and every seeded account pays it. Hashes name their
 * parameters, so what the tests check about passwords holds at either cost (production's default
 * is tested in src/modules/auth/password.test.ts).
 */
export const TEST_SERVER_ENV = {
  NODE_ENV: 'test',
  LOG_LEVEL: 'silent',
  WEB_DIST: 'none',
  PASSWORD_HASH_COST: '10',
} as const;
