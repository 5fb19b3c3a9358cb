import { vi } from 'vitest';
import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { LoginPage } from '../login/login-page';
import { fullNavigation } from '../lib/full-navigation';
import { fakeServer } from './fake-server';
import type { FakeHandler } from './fake-server';

/**
 * The light sign-in page at `route` against a fake server. `left()` is the full page load the
 * page asked for (jsdom cannot navigate), or undefined while it stays.
 */
export function renderLoginPage(route: string, routes: Record<string, FakeHandler>) {
  const server = fakeServer(routes);
  vi.stubGlobal('fetch', server.fetch);
  window.history.replaceState(null, '', route);
  const navigation = vi.spyOn(fullNavigation, 'replace').mockImplementation(() => {});
  render(<LoginPage />);
  return { server, navigation, left: () => navigation.mock.calls.at(-1)?.[0] };
}

/** Fills the account/password tab (empty values are left blank) and submits. */
export async function submitPassword(username: string, password: string) {
  const user = userEvent.setup();
  if (username) await user.type(document.getElementById('username')!, username);
  if (password) await user.type(document.getElementById('password')!, password);
  await user.click(screen.getByTestId('login-submit'));
  return user;
}
