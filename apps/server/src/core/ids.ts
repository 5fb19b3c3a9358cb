import { v7 } from 'uuid';

/** Time-ordered string ids (UUIDv7, hex without dashes: 32 characters as JeecgBoot's ids). */
export function newId(): string {
  return v7().replaceAll('-', '');
}

/** An id from a request: 32 hex characters or a 19-digit snowflake (SQLI-9). */
export const ID_PATTERN = /^([0-9a-f]{32}|\d{19})$/;
