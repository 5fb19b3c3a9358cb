import { useEffect, useState } from 'react';
import type { PortalConfig, PortalTemplate } from '@procura/shared';
import { portalGet } from './api';
import { withFallback } from './default-config';

const cache = new Map<PortalTemplate, PortalConfig>();
const pending = new Map<PortalTemplate, Promise<PortalConfig | null>>();

/** Tests start without cached configurations. */
export function clearPortalConfigCache(): void {
  cache.clear();
  pending.clear();
}

/**
 * Starts loading a template's saved configuration (`GET /portal/view/config?template=`) once
 * per page load; `main.tsx` calls it before the first render so the hero is not held up.
 */
export function prefetchPortalConfig(template: PortalTemplate): Promise<PortalConfig | null> {
  let promise = pending.get(template);
  if (!promise) {
    promise = portalGet<Partial<PortalConfig>>('/portal/view/config', { template }).then((saved) => {
      if (!saved) {
        pending.delete(template);
        return null;
      }
      const merged = withFallback(saved);
      cache.set(template, merged);
      return merged;
    });
    pending.set(template, promise);
  }
  return promise;
}

/**
 * The saved page configuration of a template; the fallback until it arrives (or when it cannot
 * be read). A null template (the enabled one, not read yet) loads nothing.
 */
export function usePortalConfig(template: PortalTemplate | null): { config: PortalConfig; loaded: boolean } {
  const [state, setState] = useState<{ template: PortalTemplate; config: PortalConfig } | null>(null);
  useEffect(() => {
    if (template === null) return;
    // Also when the load ended between the render and this effect (main.tsx starts it early):
    // the answer is then at hand and this only re-renders with it.
    let live = true;
    void prefetchPortalConfig(template).then((config) => {
      if (live) setState({ template, config: config ?? withFallback(null) });
    });
    return () => {
      live = false;
    };
  }, [template]);
  const config =
    template === null ? null : (cache.get(template) ?? (state?.template === template ? state.config : null));
  return { config: config ?? withFallback(null), loaded: config !== null };
}
