import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_PASSWORD_HASH_COST } from './modules/auth/password.js';

/**
 * Configuration from the environment, with safe defaults. A bad value stops start-up with
 * one line naming the variable (see `loadConfig`).
 */
const envSchema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().min(1).default('127.0.0.1'),
  BASE_PATH: z
    .string()
    .default('/jeecg-boot')
    .refine((v) => /^\/[A-Za-z0-9._-]+(\/[A-Za-z0-9._-]+)*$/.test(v), 'must look like /jeecg-boot'),
  DATABASE_URL: z
    .string()
    .default('sqlite:./data/procura.db')
    .refine((v) => v.startsWith('sqlite:') || /^postgres(ql)?:\/\//.test(v), 'must be sqlite:<path> or postgres://…'),
  STORAGE_DIR: z.string().min(1).default('./data/files'),
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  SEED_DEMO: z.enum(['true', 'false']).default('true'),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  /** The OpenAPI document and API page; on by default except in production. */
  API_DOCS: z.enum(['true', 'false']).optional(),
  /** Login requests per minute per client address (a second line behind the per-account throttle). */
  LOGIN_RATE_LIMIT: z.coerce.number().int().min(1).max(1_000_000).default(60),
  /**
   * The reverse proxies in front of the server (addresses or CIDR ranges, comma-separated, or
   * `loopback`, `linklocal`, `uniquelocal`): from them the client address is read from
   * X-Forwarded-For. Unset: the peer address is the client's, and forwarded headers are ignored.
   */
  TRUST_PROXY: z
    .string()
    .refine(
      (v) =>
        v
          .split(',')
          .map((p) => p.trim())
          .every((p) => /^(loopback|linklocal|uniquelocal|[0-9A-Fa-f:.]+(\/\d{1,3})?)$/.test(p)),
      'must be proxy addresses or CIDR ranges, comma-separated',
    )
    .optional(),
  /** Where the built web app lives; empty disables serving it. */
  WEB_DIST: z.string().optional(),
  /** SMS codes: `log` (development: written to the server log), `disabled`, `outbox` (tests only). */
  SMS_SENDER: z.enum(['log', 'disabled', 'outbox']).optional(),
  /** HS256 secret shared with the trusted identity provider; unset disables `/sys/ssoLogin`. */
  SSO_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  /** The CAS server (`…/cas`); unset disables `/cas/client/validateLogin`. */
  CAS_SERVER_URL: z
    .string()
    .url()
    .refine((v) => /^https?:\/\//.test(v), 'must be an http(s) URL')
    .optional(),
  /**
   * scrypt's cost as log2 of N for new password hashes (15: 32 MiB per hash). Lower only for tests,
   * where every sign-in and seeded account pays it; production refuses anything below 15.
   */
  PASSWORD_HASH_COST: z.coerce.number().int().min(10).max(20).default(DEFAULT_PASSWORD_HASH_COST),
  /** Tests only: lets a test move the server clock (`core/clock.ts`); refused in production. */
  TEST_CLOCK: z.enum(['true', 'false']).default('false'),
  /** Master key that wraps the sealing keys of sourcing events (§9.4): 32 bytes, base64. Required in production. */
  SEALING_MASTER_KEY: z
    .string()
    .refine(
      (v) => /^[A-Za-z0-9+/]+={0,2}$/.test(v) && Buffer.from(v, 'base64').length === 32,
      'must be 32 bytes in base64',
    )
    .optional(),
});

export type Config = {
  port: number;
  host: string;
  basePath: string;
  databaseUrl: string;
  storageDir: string;
  production: boolean;
  seedDemo: boolean;
  logLevel: string;
  apiDocs: boolean;
  loginRateLimit: number;
  /** Fastify's trustProxy: the reverse proxies whose X-Forwarded-For names the client; empty: none. */
  trustProxy: string[];
  webDist: string | null;
  smsSender: 'log' | 'disabled' | 'outbox';
  ssoSecret: string | null;
  casServerUrl: string | null;
  /** The test clock offset may be set (never in production). */
  testClock: boolean;
  /** log2 of scrypt's N for new password hashes (see auth/password.ts). */
  passwordHashCost: number;
  /** Base64 master key for sealed responses; null: development key file under STORAGE_DIR (never in production). */
  sealingMasterKey: string | null;
};

const englishErrors = z.locales.en().localeError;

export class ConfigError extends Error {}

export function loadConfig(env: NodeJS.ProcessEnv = process.env, defaultWebDist: string | null = null): Config {
  // Treat empty strings as unset so `PORT= npm start` falls back to the default.
  const cleaned = Object.fromEntries(Object.entries(env).filter(([, v]) => v !== undefined && v !== ''));
  // Operators read start-up errors in English, whatever locale the shared package gives users.
  const parsed = envSchema.safeParse(cleaned, { error: englishErrors });
  if (!parsed.success) {
    const issue = parsed.error.issues[0]!;
    const name = String(issue.path[0] ?? 'environment');
    throw new ConfigError(`Invalid ${name}=${JSON.stringify(env[name] ?? '')}: ${issue.message}`);
  }
  const e = parsed.data;
  const production = e.NODE_ENV === 'production';
  // The outbox hands codes to anyone who asks: never in production.
  if (production && e.SMS_SENDER === 'outbox')
    throw new ConfigError('Invalid SMS_SENDER="outbox": not allowed in production');
  // SMS codes never reach the log in production (issue 16 #11).
  if (production && e.SMS_SENDER === 'log')
    throw new ConfigError('Invalid SMS_SENDER="log": writes SMS codes to the log, not allowed in production');
  // A movable clock would let deadlines be cheated: never in production.
  if (production && e.TEST_CLOCK === 'true')
    throw new ConfigError('Invalid TEST_CLOCK="true": not allowed in production');
  // A cheap hash is for test runs only: stolen hashes would be guessed that much faster.
  if (production && e.PASSWORD_HASH_COST < DEFAULT_PASSWORD_HASH_COST)
    throw new ConfigError(
      `Invalid PASSWORD_HASH_COST=${e.PASSWORD_HASH_COST}: below ${DEFAULT_PASSWORD_HASH_COST}, not allowed in production`,
    );
  return {
    port: e.PORT,
    host: e.HOST,
    basePath: e.BASE_PATH,
    databaseUrl: e.DATABASE_URL,
    storageDir: path.resolve(e.STORAGE_DIR),
    production,
    seedDemo: e.SEED_DEMO === 'true',
    logLevel: e.LOG_LEVEL,
    apiDocs: e.API_DOCS ? e.API_DOCS === 'true' : !production,
    loginRateLimit: e.LOGIN_RATE_LIMIT,
    trustProxy: e.TRUST_PROXY ? e.TRUST_PROXY.split(',').map((p) => p.trim()) : [],
    webDist: e.WEB_DIST !== undefined ? (e.WEB_DIST === 'none' ? null : path.resolve(e.WEB_DIST)) : defaultWebDist,
    smsSender: e.SMS_SENDER ?? (production ? 'disabled' : 'log'),
    ssoSecret: e.SSO_SECRET ?? null,
    casServerUrl: e.CAS_SERVER_URL ? e.CAS_SERVER_URL.replace(/\/+$/, '') : null,
    testClock: e.TEST_CLOCK === 'true',
    passwordHashCost: e.PASSWORD_HASH_COST,
    sealingMasterKey: e.SEALING_MASTER_KEY ?? null,
  };
}
