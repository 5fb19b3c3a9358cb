import { useEffect, useState } from 'react';
import type { PortalConfig, PortalTemplate } from '@procura/shared';
import { portalGet } from './api';
import { withFallback } from './default-config';

const cache = new Map<PortalTemplate, PortalConfig>();

/** Tests start without cached configurations. */
export function clearPortalConfigCache(): void {
  cache.clear();
}

/** The saved page configuration of a template (`GET /portal/view/config?template=`), once per page load. */
export function usePortalConfig(template: PortalTemplate): { config: PortalConfig; loaded: boolean } {
  const [state, setState] = useState<{ template: PortalTemplate; config: PortalConfig } | null>(null);
  useEffect(() => {
    if (cache.has(template)) return;
    let live = true;
    void portalGet<Partial<PortalConfig>>('/portal/view/config', { template }).then((saved) => {
      const merged = withFallback(saved);
      if (saved) cache.set(template, merged);
      if (live) setState({ template, config: merged });
    });
    return () => {
      live = false;
    };
  }, [template]);
  const config = cache.get(template) ?? (state?.template === template ? state.config : null);
  return { config: config ?? withFallback(null), loaded: config !== null };
}
