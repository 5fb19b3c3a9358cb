/** Server time is the only clock; stored as ISO-8601 UTC. */
export function nowIso(): string {
  return new Date().toISOString();
}

const GMT8_OFFSET_MS = 8 * 3600_000;

/** JeecgBoot's wire format for datetimes: `yyyy-MM-dd HH:mm:ss` in GMT+8. */
export function toWireDateTime(iso: string | null | undefined): string | null {
  if (!iso) return null;
  const d = new Date(Date.parse(iso) + GMT8_OFFSET_MS);
  if (Number.isNaN(d.getTime())) return null;
  return d.toISOString().slice(0, 19).replace('T', ' ');
}

/** The calendar day in the business timezone (GMT+8) as `yyyyMMdd`: document numbers and daily resets use it. */
export function businessDate(at: Date = new Date()): string {
  return new Date(at.getTime() + GMT8_OFFSET_MS).toISOString().slice(0, 10).replaceAll('-', '');
}
