// Helpers shared by the start, build and test scripts (plain Node, no dependencies).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');

/** Runs a command in the repository, streaming its output; resolves with its exit code. */
export function run(command, args, { env = {}, cwd = root } = {}) {
  return new Promise((resolve) => {
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: 'inherit' });
    child.on('exit', (code, signal) => resolve(signal ? 1 : (code ?? 1)));
    child.on('error', (error) => {
      console.error(`cannot run ${command}: ${error.message}`);
      resolve(1);
    });
  });
}

/**
 * Runs a command with its output held back, for commands that run side by side: the output is
 * printed in one piece when the command ends, so the logs do not interleave.
 */
export function runBuffered(command, args, { env = {}, cwd = root } = {}) {
  return new Promise((resolve) => {
    const chunks = [];
    const child = spawn(command, args, { cwd, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.on('data', (c) => chunks.push(c));
    child.stderr.on('data', (c) => chunks.push(c));
    const done = (code) => {
      process.stdout.write(Buffer.concat(chunks));
      resolve(code);
    };
    child.on('close', (code, signal) => done(signal ? 1 : (code ?? 1)));
    child.on('error', (error) => {
      chunks.push(Buffer.from(`cannot run ${command}: ${error.message}\n`));
      done(1);
    });
  });
}

/** The newest modification time under the given files and folders (node_modules and dist aside). */
export function newestMtime(paths) {
  let newest = 0;
  const visit = (p) => {
    let stat;
    try {
      stat = fs.statSync(p);
    } catch {
      return;
    }
    if (stat.isDirectory()) {
      for (const name of fs.readdirSync(p)) if (name !== 'node_modules' && name !== 'dist') visit(path.join(p, name));
    } else newest = Math.max(newest, stat.mtimeMs);
  };
  paths.forEach((p) => visit(path.join(root, p)));
  return newest;
}

export function mtimeOf(file) {
  try {
    return fs.statSync(path.join(root, file)).mtimeMs;
  } catch {
    return 0;
  }
}

export function requireInstall() {
  if (!fs.existsSync(path.join(root, 'node_modules', '.package-lock.json'))) {
    console.error('procura: dependencies are not installed; run `npm install` first.');
    process.exit(1);
  }
}
