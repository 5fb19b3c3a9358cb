import { DICT_CACHE_TTL_MS, StorageKey, TOKEN_TTL_MS } from '@procura/shared';
import type { AuthEntry, DictMap, UserInfo } from '@procura/shared';
import { sessionJson, storage } from './storage';

const PICK_DEPART_KEY = 'PROCURA_PICK_DEPART';

/** What the browser keeps of a session, under JeecgBoot's storage keys. */
export const persistedSession = {
  token(): string | null {
    const token = storage.get<string>(StorageKey.TOKEN);
    return typeof token === 'string' && token !== '' ? token : null;
  },
  setToken(token: string): void {
    storage.set(StorageKey.TOKEN, token, TOKEN_TTL_MS);
  },
  userInfo(): UserInfo | null {
    return storage.get<UserInfo>(StorageKey.USER_INFO);
  },
  setUserInfo(userInfo: UserInfo): void {
    storage.set(StorageKey.USER_INFO, userInfo, TOKEN_TTL_MS);
  },
  dict(): DictMap | null {
    return storage.get<DictMap>(StorageKey.DICT);
  },
  setDict(dict: DictMap): void {
    storage.set(StorageKey.DICT, dict, DICT_CACHE_TTL_MS);
  },
  /** The tenant header value; '0' when no tenant was chosen (JeecgBoot always sends one). */
  tenantId(): string {
    const tenant = storage.get<string | number>(StorageKey.TENANT_ID);
    return tenant === null || tenant === '' ? '0' : String(tenant);
  },
  /** The tenant chosen at login (from its `tenantList`); null forgets it (users without tenants send '0'). */
  setTenantId(tenantId: number | null): void {
    if (tenantId === null) storage.remove(StorageKey.TENANT_ID);
    else storage.set(StorageKey.TENANT_ID, tenantId, TOKEN_TTL_MS);
  },
  buttonAuth(): { auth: AuthEntry[]; allAuth: AuthEntry[] } {
    const auth = sessionJson.get<AuthEntry[]>(StorageKey.USER_BUTTON_AUTH);
    const allAuth = sessionJson.get<AuthEntry[]>(StorageKey.SYS_BUTTON_AUTH);
    return { auth: Array.isArray(auth) ? auth : [], allAuth: Array.isArray(allAuth) ? allAuth : [] };
  },
  setButtonAuth(auth: AuthEntry[], allAuth: AuthEntry[]): void {
    sessionJson.set(StorageKey.USER_BUTTON_AUTH, auth);
    sessionJson.set(StorageKey.SYS_BUTTON_AUTH, allAuth);
  },
  /** Set after a login that must choose its current department first (several, none current). */
  mustPickDepart(): boolean {
    return sessionJson.get<boolean>(PICK_DEPART_KEY) === true;
  },
  setMustPickDepart(value: boolean): void {
    if (value) sessionJson.set(PICK_DEPART_KEY, true);
    else sessionJson.remove(PICK_DEPART_KEY);
  },
  /** Forget the session: token, user info, tenant, dictionary cache and button permissions. */
  clear(): void {
    sessionJson.remove(PICK_DEPART_KEY);
    storage.remove(StorageKey.TOKEN);
    storage.remove(StorageKey.TENANT_ID);
    storage.remove(StorageKey.USER_INFO);
    storage.remove(StorageKey.DICT);
    sessionJson.remove(StorageKey.USER_BUTTON_AUTH);
    sessionJson.remove(StorageKey.SYS_BUTTON_AUTH);
  },
};
