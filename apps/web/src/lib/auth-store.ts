import { createContext, useContext, useSyncExternalStore } from 'react';
import type { AuthEntry, LoginResult, MenuNode, UserInfo, UserPermissions } from '@procura/shared';
import { http } from './http';
import type { HttpClient } from './http';
import { acceptLogin, LoginError, mustPickTenant } from './login-session';
import { buildMenuRoutes } from './menu-routes';
import type { BuiltRoutes } from './menu-routes';
import { persistedSession } from './session-persistence';

export const EMPTY_MENU_ERROR = 'getPermissionList: permissions must be a non-null array !';

export type SessionState = {
  token: string | null;
  userInfo: UserInfo | null;
  /** The menu stays empty until loaded; an empty menu triggers the load (spec part 1 §4). */
  permissions: UserPermissions;
  /** Routes and side menu built from the loaded menu; null until then. */
  routes: BuiltRoutes | null;
  /** A user of several departments with none current must pick one before working. */
  mustPickDepart: boolean;
};

type Persistence = typeof persistedSession;

function initialState(persisted: Persistence): SessionState {
  const token = persisted.token();
  const { auth, allAuth } = token ? persisted.buttonAuth() : { auth: [], allAuth: [] };
  return {
    token,
    userInfo: token ? persisted.userInfo() : null,
    permissions: { menu: [], auth, allAuth },
    routes: null,
    mustPickDepart: token ? persisted.mustPickDepart() : false,
  };
}

function arrayOr<T>(value: unknown): T[] {
  return Array.isArray(value) ? (value as T[]) : [];
}

export function createSessionStore(client: HttpClient, persisted: Persistence = persistedSession) {
  let state = initialState(persisted);
  const listeners = new Set<() => void>();
  let permissionLoad: Promise<void> | null = null;
  let loggingOut: Promise<void> | null = null;
  /** A login waiting for its tenant choice: published by selectTenant (the guard would leave the login page at once). */
  let awaitingTenant: Partial<SessionState> | null = null;

  function setState(next: Partial<SessionState>): void {
    state = { ...state, ...next };
    listeners.forEach((listener) => listener());
  }

  function forget(): void {
    awaitingTenant = null;
    persisted.clear();
    setState({
      token: null,
      userInfo: null,
      permissions: { menu: [], auth: [], allAuth: [] },
      routes: null,
      mustPickDepart: false,
    });
  }

  /**
   * Any login call answering as /sys/login: password, phone (`/sys/phoneLogin`), single
   * sign-on (`/sys/ssoLogin`), CAS (GET `/cas/client/validateLogin`), third-party code.
   * Accepted only when the body code is 200 (spec part 1 §5).
   */
  async function loginBy(
    path: string,
    payload: Record<string, unknown> | null,
    method: 'POST' | 'GET' = 'POST',
  ): Promise<LoginResult> {
    let body;
    try {
      body =
        method === 'GET'
          ? await client.getAction<LoginResult>(path, (payload ?? {}) as Record<string, string>, { quiet: true })
          : await client.postAction<LoginResult>(path, payload ?? {}, { quiet: true });
    } catch (error) {
      const message = error instanceof Error && error.message ? error.message : '登录失败';
      throw new LoginError(message, { cause: error });
    }
    const { result, mustPickDepart } = acceptLogin(body, persisted);
    const { token, userInfo } = result;
    const next = { token, userInfo, permissions: { menu: [], auth: [], allAuth: [] }, routes: null, mustPickDepart };
    awaitingTenant = mustPickTenant(result) ? next : null;
    if (!awaitingTenant) setState(next);
    return result;
  }

  return {
    getState: (): SessionState => state,
    subscribe(listener: () => void): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    /** POST /sys/login; accepted only when the body code is 200 (loosely, as JeecgBoot's UI). */
    login(username: string, password: string): Promise<LoginResult> {
      return loginBy('/sys/login', { username, password });
    },

    /** Any login call answering as /sys/login (see `loginBy`). */
    loginBy,

    /** Ends the server session (errors ignored), then forgets everything locally. */
    logout(): Promise<void> {
      loggingOut ??= (async () => {
        if (state.token) {
          try {
            await client.postAction('/sys/logout', {}, { quiet: true });
          } catch {
            // The local session ends regardless; the server token expires on its own.
          }
        }
        forget();
      })().finally(() => {
        loggingOut = null;
      });
      return loggingOut;
    },

    /** Loads menu and button permissions and builds routes; one load at a time. */
    loadPermissions(): Promise<void> {
      permissionLoad ??= (async () => {
        const body = await client.getAction<Partial<UserPermissions> | null>(
          '/sys/permission/getUserPermissionByToken',
        );
        if (!body.success) throw new Error(body.message || EMPTY_MENU_ERROR);
        const menu = body.result?.menu;
        if (!Array.isArray(menu) || menu.length === 0) throw new Error(EMPTY_MENU_ERROR);
        const auth = arrayOr<AuthEntry>(body.result?.auth);
        const allAuth = arrayOr<AuthEntry>(body.result?.allAuth);
        persisted.setButtonAuth(auth, allAuth);
        setState({ permissions: { menu: menu as MenuNode[], auth, allAuth }, routes: buildMenuRoutes(menu, auth) });
      })().finally(() => {
        permissionLoad = null;
      });
      return permissionLoad;
    },

    /** The tenant picked after login among its `tenantList`: the tenant header of every later call; the login enters. */
    selectTenant(tenantId: number): void {
      persisted.setTenantId(tenantId);
      if (awaitingTenant) setState(awaitingTenant);
      awaitingTenant = null;
    },

    /** The user chose a current department: the answer's user info is kept, permissions stay. */
    departSelected(userInfo: UserInfo): void {
      persisted.setUserInfo(userInfo);
      persisted.setMustPickDepart(false);
      setState({ userInfo, mustPickDepart: false });
    },

    /** Replaces the stored user (e.g. after completing supplier info); permissions reload. */
    setUserInfo(userInfo: UserInfo): void {
      persisted.setUserInfo(userInfo);
      setState({ userInfo, permissions: { menu: [], auth: [], allAuth: [] }, routes: null });
    },
  };
}

export type SessionStore = ReturnType<typeof createSessionStore>;

/** The application's session. */
export const sessionStore: SessionStore = createSessionStore(http);

/** Lets tests render components against their own store. */
export const SessionStoreContext = createContext<SessionStore>(sessionStore);

export function useSessionStore(): SessionStore {
  return useContext(SessionStoreContext);
}

export function useSession(): SessionState {
  const store = useSessionStore();
  return useSyncExternalStore(store.subscribe, store.getState, store.getState);
}
