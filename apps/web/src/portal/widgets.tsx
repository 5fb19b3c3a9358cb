import { countdownColor } from '@procura/shared';
import type { PortalSourcingType } from '@procura/shared';
import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';

export function Loading() {
  return (
    <div className="p-loading" data-testid="portal-loading" role="status">
      加载中…
    </div>
  );
}

export function Empty({ text = '暂无数据' }: { text?: string }) {
  return (
    <div className="p-empty" data-testid="portal-empty">
      {text}
    </div>
  );
}

/** Loading, empty or the content. */
export function Pending({ loading, empty, children }: { loading: boolean; empty: boolean; children: ReactNode }) {
  if (loading) return <Loading />;
  if (empty) return <Empty />;
  return <>{children}</>;
}

/** Days to the deadline, coloured green ≥ 10 and orange 5–<10 (domain §23). */
export function Countdown({ days }: { days: number | null }) {
  if (days === null) return null;
  const color = countdownColor(days);
  return (
    <span
      className={`p-countdown${color ? ` p-countdown-${color}` : ''}`}
      data-testid="portal-countdown"
      data-color={color ?? 'none'}
    >
      剩余 <strong>{days}</strong> 天
    </span>
  );
}

export type TabItem<K extends string> = { key: K; label: string };

export function Tabs<K extends string>({
  items,
  active,
  onChange,
  testId,
}: {
  items: readonly TabItem<K>[];
  active: K;
  onChange: (key: K) => void;
  testId: string;
}) {
  return (
    <div className="p-tabs" role="tablist" data-testid={testId}>
      {items.map((item) => (
        <button
          key={item.key}
          type="button"
          role="tab"
          aria-selected={item.key === active}
          className={item.key === active ? 'p-tab p-tab-active' : 'p-tab'}
          data-testid={`${testId}-${item.key}`}
          onClick={() => onChange(item.key)}
        >
          {item.label}
        </button>
      ))}
    </div>
  );
}

export const ALL_TYPES_TAB = 'all';
export type TypeTab = PortalSourcingType | typeof ALL_TYPES_TAB;

export function isSourcingType(value: string | null): value is PortalSourcingType {
  return value === 'tender' || value === 'inquiry' || value === 'bidding';
}

/** A small accessible dialog (the portal ships without antd). */
export function Dialog({
  title,
  onClose,
  children,
  footer,
  testId,
}: {
  title: string;
  onClose: () => void;
  children: ReactNode;
  footer?: ReactNode;
  testId: string;
}) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    ref.current?.focus();
    const onKey = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [onClose]);
  return (
    <div className="p-mask" onClick={onClose}>
      <div
        className="p-dialog"
        role="dialog"
        aria-modal="true"
        aria-label={title}
        data-testid={testId}
        tabIndex={-1}
        ref={ref}
        onClick={(e) => e.stopPropagation()}
      >
        <div className="p-dialog-head">
          <h2>{title}</h2>
          <button type="button" className="p-dialog-x" aria-label="关闭" onClick={onClose}>
            ×
          </button>
        </div>
        <div className="p-dialog-body">{children}</div>
        {footer ? <div className="p-dialog-foot">{footer}</div> : null}
      </div>
    </div>
  );
}
