import { useEffect } from 'react';
import { useLocation } from 'react-router';
import { fullNavigation } from '../lib/full-navigation';
import { PageSpinner } from './page-boundary';

/**
 * /user/login inside the back office (the guard's redirect, a link, the logout): the sign-in
 * page is the light entry login.html, so leave with a full page load, keeping the query
 * (`redirect`).
 */
export function LeaveForLogin() {
  const { pathname, search } = useLocation();
  useEffect(() => fullNavigation.replace(`${pathname}${search}`), [pathname, search]);
  return <PageSpinner />;
}
