import { useEffect, useRef, useState } from 'react';
import type { TenantInfo } from '@procura/shared';

type Props = {
  /** The login's effective tenants (more than one). */
  tenants: readonly TenantInfo[];
  onPick: (tenantId: number) => void;
};

/**
 * After a login with several tenants (JeecgBoot's LoginSelectTenant): the user picks the
 * tenant to work in, the first one preselected. A modal dialog without a close button: it
 * ends only with a choice.
 */
export function TenantPicker({ tenants, onPick }: Props) {
  const [tenantId, setTenantId] = useState<number | undefined>(tenants[0]?.id);
  const select = useRef<HTMLSelectElement>(null);
  useEffect(() => select.current?.focus(), []);
  return (
    <div className="l-mask">
      <div className="l-dialog" role="dialog" aria-modal="true" aria-labelledby="tenant-picker-title">
        <h2 id="tenant-picker-title">请选择登录租户</h2>
        <form
          data-testid="tenant-picker"
          onSubmit={(event) => {
            event.preventDefault();
            if (tenantId !== undefined) onPick(tenantId);
          }}
        >
          <label className="l-label" htmlFor="tenant-select">
            <span className="l-required" aria-hidden="true">
              *
            </span>
            租户
          </label>
          <select
            id="tenant-select"
            ref={select}
            className="l-input"
            data-testid="tenant-select"
            required
            value={tenantId ?? ''}
            onChange={(event) => setTenantId(Number(event.target.value))}
          >
            {tenants.map((t) => (
              <option key={t.id} value={t.id}>
                {t.name}
              </option>
            ))}
          </select>
          <div className="l-dialog-footer">
            <button
              type="submit"
              className="l-btn l-btn-primary"
              disabled={tenantId === undefined}
              data-testid="tenant-picker-submit"
            >
              确定
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}
