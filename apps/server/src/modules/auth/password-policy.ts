import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isStrongPassword, PASSWORD_RULE_MESSAGE } from '@procura/shared';
import { badRequest, businessError } from '../../core/errors.js';

export const COMMON_PASSWORD_MESSAGE = '该密码过于常见，容易被猜中，请换一个不常见的密码';

/**
 * Issue 16 #8: passwords that pass the composition rule yet are the first ones guessed
 * (`Admin@123`, `P@ssw0rd`…). The list ships in `apps/server/assets/common-passwords/`, split by
 * first character into files (the same three levels up from `src/modules/auth` and
 * `dist/modules/auth`), and is read once, on first use.
 */
const LIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../assets/common-passwords');
let common: Set<string> | null = null;

const key = (password: string) => password.normalize('NFKC').toLowerCase();

export function isCommonPassword(password: string): boolean {
  common ??= new Set(
    fs
      .readdirSync(LIST_DIR)
      .filter((name) => name.endsWith('.txt'))
      .flatMap((name) => fs.readFileSync(path.join(LIST_DIR, name), 'utf8').split('\n'))
      .map((line) => line.trim())
      .filter((line) => line !== '' && !line.startsWith('#'))
      .map(key),
  );
  return common.has(key(password));
}

/** Why a new password is refused (the spec's composition rule first), or null when it may be set. */
export function passwordProblem(password: string): string | null {
  if (!isStrongPassword(password)) return PASSWORD_RULE_MESSAGE;
  return isCommonPassword(password) ? COMMON_PASSWORD_MESSAGE : null;
}

/** Refuses a password that may not be set: as a 400 naming the `password` field, or as a business error. */
export function assertSettablePassword(password: string, as: 'field' | 'business'): void {
  const problem = passwordProblem(password);
  if (problem) throw as === 'field' ? badRequest(problem, { password: problem }) : businessError(problem);
}
