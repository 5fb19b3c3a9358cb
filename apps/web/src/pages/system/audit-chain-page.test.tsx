import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { fakeServer, ok } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import AuditChainPage, { type AuditChainRecord, type AuditVerdict } from './audit-chain-page';

const entry = (seq: number): AuditChainRecord => ({
  id: `0-${seq}`,
  tenantId: 0,
  seq,
  // A platform document's transition and a tender bid's opening (issue 17: one chain for every document).
  docType: seq === 1 ? 'SAMPLE_REQUEST' : 'TENDER_RESPONSE',
  docId: `doc${seq}`,
  action: seq === 1 ? 'send' : 'open',
  payload: `{"from":"DRAFT","seq":${seq}}`,
  prevHash: 'a'.repeat(64),
  hash: 'b'.repeat(64),
  createdAt: '2026-12-01 09:00:00',
});

function setup(verdict: AuditVerdict, codes = ['auditChain:list', 'auditChain:verify'], tenant: number | null = 1001) {
  persistedSession.setToken('tok');
  persistedSession.setTenantId(tenant);
  persistedSession.setButtonAuth(
    codes.map((action) => ({ action, type: '1' })),
    [],
  );
  const server = fakeServer({
    'GET /sys/auditChain/list': () => ok({ records: [entry(2), entry(1)], total: 2, size: 23, current: 1, pages: 1 }),
    'GET /sys/auditChain/verify': () => ok(verdict),
    'GET /sys/tenant/queryList': () =>
      ok([
        { id: 0, name: '平台' },
        { id: 1001, name: '华东公司' },
      ]),
  });
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(<AuditChainPage />, { route: '/isystem/auditChain', store: createSessionStore(http) });
  return server;
}

describe('审计链', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists the chain newest first and 校验 shows 链完整', async () => {
    const server = setup({ tenantId: 0, ok: true, count: 2 });
    expect(await screen.findByText('doc2')).toBeTruthy();
    // Types and actions by their Chinese names, never the codes the chain stores.
    for (const [seq, type, action] of [
      ['1', '送样申请', '发送'],
      ['2', '招标项目应答', '开标'],
    ])
      expect(
        within(screen.getByText(`doc${seq}`).closest('tr')!)
          .getAllByRole('cell')
          .map((c) => c.textContent),
      ).toEqual(expect.arrayContaining([type, action]));
    expect(screen.queryByText('SAMPLE_REQUEST')).toBeNull();
    expect(screen.queryByText('TENDER_RESPONSE')).toBeNull();
    fireEvent.click(screen.getByTestId('audit-chain-verify'));
    expect(within(await screen.findByTestId('audit-chain-verdict')).getByText('链完整：共 2 条记录')).toBeTruthy();
    expect(server.calls('GET /sys/auditChain/verify')).toHaveLength(1);
  });

  it('校验 names the seq where the chain breaks and why', async () => {
    setup({ tenantId: 0, ok: false, count: 0, brokenSeq: 1, reason: '哈希不一致：内容被篡改' });
    await screen.findByText('doc1');
    fireEvent.click(screen.getByTestId('audit-chain-verify'));
    expect(
      within(await screen.findByTestId('audit-chain-verdict')).getByText('审计链在第 1 条断开：哈希不一致：内容被篡改'),
    ).toBeTruthy();
  });

  it('offers no 校验 without auditChain:verify', async () => {
    setup({ tenantId: 0, ok: true, count: 2 }, ['auditChain:list']);
    await screen.findByText('doc2');
    expect(screen.queryByTestId('audit-chain-verify')).toBeNull();
  });

  it('定位断点 lists the broken entry, highlighted; 显示全部 brings the chain back', async () => {
    const server = setup({ tenantId: 1001, ok: false, count: 1, brokenSeq: 2, reason: '哈希不一致：内容被篡改' });
    await screen.findByText('doc1');
    fireEvent.click(screen.getByTestId('audit-chain-verify'));
    fireEvent.click(await screen.findByTestId('audit-chain-focus'));
    await waitFor(() => expect(server.calls('GET /sys/auditChain/list').at(-1)!.url.searchParams.get('seq')).toBe('2'));
    expect(screen.getByText('doc2').closest('tr')!.className).toContain('ant-table-row-selected');
    fireEvent.click(screen.getByTestId('audit-chain-all'));
    await waitFor(() =>
      expect(server.calls('GET /sys/auditChain/list').at(-1)!.url.searchParams.has('seq')).toBe(false),
    );
    // A tenant's member reads its own chain: no tenant to pick, no tenant named.
    expect(screen.queryByTestId('audit-chain-tenant')).toBeNull();
    expect(server.calls('GET /sys/tenant/queryList')).toHaveLength(0);
    expect(server.calls('GET /sys/auditChain/verify')[0]!.url.searchParams.has('tenantId')).toBe(false);
  });

  it('the platform picks a tenant: its chain is listed and verified', async () => {
    const server = setup({ tenantId: 1001, ok: true, count: 2 }, undefined, null);
    await screen.findByText('doc2');
    fireEvent.mouseDown(within(await screen.findByTestId('audit-chain-tenant')).getByRole('combobox'));
    fireEvent.click(await screen.findByText('华东公司（1001）', { selector: '.ant-select-item-option-content' }));
    await waitFor(() =>
      expect(server.calls('GET /sys/auditChain/list').at(-1)!.url.searchParams.get('tenantId')).toBe('1001'),
    );
    fireEvent.click(screen.getByTestId('audit-chain-verify'));
    expect(within(await screen.findByTestId('audit-chain-verdict')).getByText('链完整：共 2 条记录')).toBeTruthy();
    expect(server.calls('GET /sys/auditChain/verify')[0]!.url.searchParams.get('tenantId')).toBe('1001');
  });
});
