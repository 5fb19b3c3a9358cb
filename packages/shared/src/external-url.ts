/** A URL is external when it starts with http or https (spec part 1 §5). */
export function isExternalUrl(url: string | null | undefined): boolean {
  return typeof url === 'string' && /^https?:\/\//i.test(url.trim());
}
