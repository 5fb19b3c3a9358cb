import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createSessionStore } from '../../../lib/auth-store';
import { http } from '../../../lib/http';
import { persistedSession } from '../../../lib/session-persistence';
import { fakeServer, ok } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { SupplierInvite } from './supplier-invite';

describe('<SupplierInvite> (SRC-3, X-15)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it.each([
    ['/srm/sourcing/event/invite', 'GET /srm/sourcing/event/inviteCandidates'],
    ['/srm/tender/invite', 'GET /srm/tender/inviteCandidates'],
  ] as const)('through %s offers only the candidates the server admits for the event', async (inviteUrl, route) => {
    persistedSession.setToken('tok');
    const server = fakeServer({
      [route]: () => ok([{ id: 's1', code: 'SUP-001', name: '华东精密机械有限公司' }]),
      'GET /supplier/list': () =>
        ok({
          records: [{ id: 'p1', code: 'SUP-009', name: '待审核供应商' }],
          total: 1,
          size: 20,
          current: 1,
          pages: 1,
        }),
    });
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(
      <SupplierInvite eventId="e1" inviteUrl={inviteUrl} testId="invite-picker" onInvited={async () => {}} />,
      { route: '/srm/sourcing', store: createSessionStore(http) },
    );
    await waitFor(() => expect(server.calls(route)).toHaveLength(1));
    expect(server.calls(route)[0]!.url.searchParams.get('id')).toBe('e1');
    fireEvent.mouseDown(screen.getByRole('combobox'));
    expect(await screen.findByText('SUP-001 华东精密机械有限公司')).toBeTruthy();
    expect(screen.queryByText('SUP-009 待审核供应商')).toBeNull();
    expect(server.calls('GET /supplier/list')).toHaveLength(0);
  });
});
