import { describe, expect, it } from 'vitest';
import { render, screen } from '@testing-library/react';
import type { AuthEntry } from '@procura/shared';
import { createSessionStore, SessionStoreContext } from '../lib/auth-store';
import { persistedSession } from '../lib/session-persistence';
import { clientFor, fakeServer } from '../test/fake-server';
import { Has, useHasPermission } from './has';

function renderWith(auth: AuthEntry[], allAuth: AuthEntry[], code: string) {
  persistedSession.setToken('tok');
  persistedSession.setButtonAuth(auth, allAuth);
  const store = createSessionStore(clientFor(fakeServer({})));
  function Flag() {
    return <span data-testid="flag">{String(useHasPermission(code))}</span>;
  }
  render(
    <SessionStoreContext.Provider value={store}>
      <Has code={code}>
        <button>guarded</button>
      </Has>
      <Flag />
    </SessionStoreContext.Provider>,
  );
}

describe('<Has> (the v-has rule)', () => {
  it('shows the element when the user holds the code', () => {
    renderWith([{ action: 'user:add,user:list', type: '1' }], [], 'user:list');
    expect(screen.queryByText('guarded')).toBeTruthy();
    expect(screen.getByTestId('flag').textContent).toBe('true');
  });

  it('removes it when the user lacks the code or has no permissions at all', () => {
    renderWith([{ action: 'user:add', type: '1' }], [{ action: 'user:list', type: '1', status: '1' }], 'user:list');
    expect(screen.queryByText('guarded')).toBeNull();
    expect(screen.getByTestId('flag').textContent).toBe('false');
  });

  it('ignores type 2 (enable/disable) entries', () => {
    renderWith([{ action: 'user:list', type: '2' }], [], 'user:list');
    expect(screen.queryByText('guarded')).toBeNull();
  });

  it('keeps the element for everyone when the rule is inactive (allAuth status 0)', () => {
    renderWith([], [{ action: 'user:list', type: '1', status: '0' }], 'user:list');
    expect(screen.queryByText('guarded')).toBeTruthy();
  });
});
