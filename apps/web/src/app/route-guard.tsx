import { useEffect, useRef } from 'react';
import type { ReactNode } from 'react';
import { Navigate, useLocation, useNavigate } from 'react-router';
import { useSession, useSessionStore } from '../lib/auth-store';
import { isPageUnloading } from '../lib/page-unload';
import { decideRoute, targetAfterPermissionLoad } from './guard';
import { PageSpinner } from './page-boundary';
import { isKnownPath } from './route-table';

/** Applies `decideRoute` to every navigation and runs the permission load it asks for. */
export function RouteGuard({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const store = useSessionStore();
  const session = useSession();
  const { pathname, search } = location;

  const decision = decideRoute({
    pathname,
    search,
    token: session.token,
    isShow: session.userInfo?.isShow,
    permissionsLoaded: session.permissions.menu.length > 0,
    isKnownPath: (path) => isKnownPath(path, session.routes),
  });
  const mustLoad = decision.action === 'load-permissions';

  // Where the user is now, so a load that finishes after they moved on does not pull them back.
  const here = useRef(`${pathname}${search}`);
  useEffect(() => {
    here.current = `${pathname}${search}`;
  }, [pathname, search]);

  useEffect(() => {
    if (!mustLoad) return;
    const startedAt = `${pathname}${search}`;
    store.loadPermissions().then(
      () => {
        if (here.current !== startedAt) return;
        const target = targetAfterPermissionLoad(pathname, search);
        if (target) navigate(target, { replace: true });
      },
      // Rule 6: once logged out, rule 1 sends the user to login with this path as redirect. A load
      // cut off by a reload is not a failed load: logging out then would end the session the
      // reloaded page is about to use.
      () => {
        if (!isPageUnloading()) void store.logout();
      },
    );
  }, [mustLoad, pathname, search, store, navigate]);

  if (decision.action === 'redirect') return <Navigate to={decision.to} replace />;
  if (mustLoad) return <PageSpinner />;
  return <>{children}</>;
}
