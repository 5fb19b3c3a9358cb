import { usePortalConfig } from './config-store';
import { useEnabledTemplate } from './template';

/** Shared by the portal's inner pages: page size, the enabled template's config, links with a query, the pager. */
export const PAGE_SIZE = 10;

export function useInnerConfig() {
  return usePortalConfig(useEnabledTemplate()).config;
}

export function withQuery(pathname: string, query: Record<string, string | number | undefined>): string {
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query))
    if (value !== undefined && value !== '') search.set(key, String(value));
  const text = search.toString();
  return text ? `${pathname}?${text}` : pathname;
}

export function Pager({
  current,
  pages,
  onChange,
}: {
  current: number;
  pages: number;
  onChange: (page: number) => void;
}) {
  if (pages <= 1) return null;
  return (
    <nav className="p-pager" aria-label="分页" data-testid="portal-pager">
      <button type="button" className="p-btn" disabled={current <= 1} onClick={() => onChange(current - 1)}>
        上一页
      </button>
      <span data-testid="portal-pager-current">
        {current} / {pages}
      </span>
      <button type="button" className="p-btn" disabled={current >= pages} onClick={() => onChange(current + 1)}>
        下一页
      </button>
    </nav>
  );
}
