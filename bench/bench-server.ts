import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The real server as the benchmarks run it: the built `apps/server/dist/main.js` on 127.0.0.1.

const here = path.dirname(fileURLToPath(import.meta.url));
const main = path.resolve(here, '../../apps/server/dist/main.js');

/** Starts the built server on `port` over `databaseUrl`; exits the bench when it is not built. */
export function startServer(
  port: number,
  databaseUrl: string,
  { env = {}, nodeArgs = [] }: { env?: Record<string, string>; nodeArgs?: string[] } = {},
): ChildProcess {
  if (!fs.existsSync(main)) {
    console.error('bench: build the server first (npm run build)');
    process.exit(1);
  }
  return spawn(process.execPath, [...nodeArgs, main], {
    env: {
      ...process.env,
      PORT: String(port),
      HOST: '127.0.0.1',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      WEB_DIST: 'none',
      NODE_ENV: 'test',
      LOGIN_RATE_LIMIT: '1000000',
      ...env,
    },
    stdio: ['ignore', 'ignore', 'inherit'],
  });
}

/** Waits until `base` + `probe` answers (a first start migrates and seeds: a minute, several on a loaded machine). */
export async function waitUp(base: string, probe = '/sys/health'): Promise<void> {
  for (let i = 0; i < 1500; i++) {
    try {
      if ((await fetch(`${base}${probe}`)).ok) return;
    } catch {
      /* not up yet */
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('server did not start');
}

/** Stops the server, killing it when it has not exited 15 s after SIGTERM. */
export async function stopServer(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((r) => child.once('exit', r));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
  await exited;
  clearTimeout(timer);
}

export type Answer<T = unknown> = { success: boolean; message: string; result: T };

/** JSON calls to the API under `base`: `call` answers the envelope, `must` its result or throws. */
export function apiOf(base: string) {
  const call = async <T = unknown>(
    method: 'GET' | 'POST',
    url: string,
    token: string | null,
    body?: unknown,
  ): Promise<Answer<T>> => {
    const res = await fetch(base + url, {
      method,
      headers: {
        ...(token ? { 'X-Access-Token': token } : {}),
        ...(body !== undefined ? { 'content-type': 'application/json' } : {}),
      },
      body: body !== undefined ? JSON.stringify(body) : undefined,
    });
    return (await res.json()) as Answer<T>;
  };
  const must = async <T = unknown>(what: string, answer: Promise<Answer<T>>): Promise<T> => {
    const a = await answer;
    if (!a.success) throw new Error(`${what}: ${a.message}`);
    return a.result;
  };
  return { call, must };
}
