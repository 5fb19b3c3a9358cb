import type { Migration } from 'kysely';
import * as foundation from './0001-foundation.js';
import * as announcements from './0002-announcements.js';

/** Every migration, in order. Add new ones at the end; never edit a released one. */
export const migrations: Record<string, Migration> = {
  '0001-foundation': foundation,
  '0002-announcements': announcements,
};
