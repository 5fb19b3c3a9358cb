/** Search-input modes of the list pages (spec part 2 §5). */
export type QueryMode = 'like' | 'ne' | 'ge' | 'le' | 'eq';

/** Wraps a search value for the server's value rules: like *v*, ne !v, ge >=v, le <=v. */
export function wrapQueryValue(mode: QueryMode, value: string): string {
  if (value === '') return value;
  switch (mode) {
    case 'like':
      return `*${value}*`;
    case 'ne':
      return `!${value}`;
    case 'ge':
      return `>=${value}`;
    case 'le':
      return `<=${value}`;
    default:
      return value;
  }
}
