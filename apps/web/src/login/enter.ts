import { fullNavigation } from '../lib/full-navigation';
import { postLoginTarget } from '../lib/login-target';
import { persistedSession } from '../lib/session-persistence';

/** Into the back office with a full page load: the `redirect` target, home, or /completeSupInfo. */
export function enterBackOffice(isShow: number | null | undefined, search = window.location.search): void {
  fullNavigation.replace(postLoginTarget(isShow, search));
}

/** A user already signed in does not see the form (route guard rule 2); answers whether it left. */
export function enterIfSignedIn(): boolean {
  if (!persistedSession.token()) return false;
  enterBackOffice(persistedSession.userInfo()?.isShow);
  return true;
}
