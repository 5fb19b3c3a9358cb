import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import type { DocLogEntry } from '@procura/shared';
import { unitRoute } from '../../../test/units';
import { createSessionStore } from '../../../lib/auth-store';
import { http } from '../../../lib/http';
import { persistedSession } from '../../../lib/session-persistence';
import { fakeServer, ok, type FakeHandler } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import SourcingListPage from './sourcing-list-page';
import type { EventDetail, EventRow } from './sourcing-api';

/**
 * Issue 17 (X-3): an inquiry keeps its own detail screen but shows the documents' status timeline,
 * read from the one log with its participations' and responses' rows, every action and state in
 * Chinese (never the codes the log stores), and read again after a command.
 */
const ROW: EventRow = {
  id: 'e1',
  code: 'RFQ-20261125-0001',
  type: 'RFQ',
  method: 'RFQ',
  title: '轴承询价',
  visibility: 'INVITED',
  status: 'PUBLISHED',
  statusText: '已发布',
  responseDeadline: '2026-12-01 17:00:00',
  awardMode: 'SINGLE',
  sealed: 1,
  publishedAt: null,
  openedAt: null,
  createTime: '2026-11-25 09:00:00',
};
const detail = (status: string): EventDetail => ({
  ...ROW,
  status,
  version: 1,
  currency: 'CNY',
  purchaseType: 'GOODS',
  responseStartAt: null,
  minInvited: 1,
  minQuotes: 1,
  currentRound: 1,
  estimatedAmount: null,
  contactName: null,
  contactPhone: null,
  remark: null,
  lines: [],
  participants: [],
  openingRecords: [],
});

type Entry = DocLogEntry & { docType: string; docId: string };
const entry = (e: Partial<Entry> & Pick<Entry, 'id' | 'action' | 'toStatus'>): Entry => ({
  docType: 'RFQ',
  docId: 'e1',
  fromStatus: null,
  actorName: '采购员李娜',
  actorKind: 'INTERNAL',
  reason: null,
  at: '2026-11-25 09:00:00',
  sourceDocType: null,
  sourceDocId: null,
  ...e,
});

describe('询价单 status timeline (issue 17)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('shows the event’s and its documents’ moves in Chinese, and reads the log again after opening', async () => {
    let status = 'PUBLISHED';
    const log: Entry[] = [
      entry({ id: 'l1', action: 'create', toStatus: 'DRAFT' }),
      entry({ id: 'l2', action: 'publish', fromStatus: 'DRAFT', toStatus: 'PUBLISHED' }),
      entry({
        id: 'l3',
        docType: 'RFQ_PARTICIPATION',
        docId: 'p1',
        action: 'accept',
        fromStatus: 'INVITED',
        toStatus: 'ACCEPTED',
        actorName: '甲轴承厂销售',
        actorKind: 'SUPPLIER',
        sourceDocType: 'RFQ',
        sourceDocId: 'e1',
      }),
    ];
    const routes: Record<string, FakeHandler> = {
      'GET /srm/sourcing/event/list': () => ok({ records: [ROW], total: 1, size: 10, current: 1, pages: 1 }),
      'GET /srm/sourcing/event/queryById': () => ok(detail(status)),
      'GET /srm/sourcing/event/logs': () => ok(log),
      'POST /srm/sourcing/event/open': () => {
        status = 'OPENED';
        log.push(
          entry({
            id: 'l4',
            docType: 'RFQ_RESPONSE',
            docId: 'r1',
            action: 'open',
            fromStatus: 'SUBMITTED',
            toStatus: 'OPENED',
            actorKind: 'INTERNAL',
            sourceDocType: 'RFQ',
            sourceDocId: 'e1',
          }),
          entry({ id: 'l5', action: 'open', fromStatus: 'PUBLISHED', toStatus: 'OPENED' }),
          entry({
            id: 'l6',
            action: 'fail',
            fromStatus: 'OPENED',
            toStatus: 'FAILED',
            actorName: 'system',
            actorKind: 'SYSTEM',
            reason: '无有效报价',
          }),
        );
        return ok('OPENED', '已开标');
      },
    };
    persistedSession.setToken('tok');
    persistedSession.setButtonAuth(
      ['srm:sourcing:list', 'srm:sourcing:open'].map((action) => ({ action, type: '1' })),
      [],
    );
    const server = fakeServer({ ...unitRoute, ...routes });
    vi.stubGlobal('fetch', server.fetch);
    renderWithProviders(<SourcingListPage />, { route: '/srm/sourcing', store: createSessionStore(http) });
    fireEvent.click(await screen.findByTestId(`sourcing-open-${ROW.code}`));
    fireEvent.click(await screen.findByRole('tab', { name: '状态记录' }));
    const timeline = await screen.findByTestId('sourcing-timeline');
    expect(server.calls('GET /srm/sourcing/event/logs')[0]!.url.searchParams.get('id')).toBe('e1');
    const items = () =>
      within(screen.getByTestId('sourcing-timeline'))
        .getAllByRole('listitem')
        .map((li) => li.textContent);
    expect(items()).toEqual([
      '2026-11-25 09:00:00 采购员李娜 创建 草稿',
      '2026-11-25 09:00:00 采购员李娜 发布 草稿 → 已发布',
      '2026-11-25 09:00:00 【询价单参与】甲轴承厂销售（供应商） 接受邀请 已邀请 → 已接受',
    ]);
    expect(timeline.textContent).not.toMatch(/publish|accept|PUBLISHED|RFQ_PARTICIPATION/);

    fireEvent.click(screen.getByTestId('sourcing-open'));
    await waitFor(() => expect(screen.getAllByRole('button', { name: /开\s*标/ }).length).toBeGreaterThan(1));
    fireEvent.click(screen.getAllByRole('button', { name: /开\s*标/ }).at(-1)!);
    await waitFor(() => expect(items()).toHaveLength(6));
    expect(items().slice(3)).toEqual([
      '2026-11-25 09:00:00 【询价单应答】采购员李娜 开标 已提交 → 已开标',
      '2026-11-25 09:00:00 采购员李娜 开标 已发布 → 已开标',
      '2026-11-25 09:00:00 系统 流标：无有效报价 已开标 → 已流标',
    ]);
    expect(screen.getByTestId('sourcing-timeline').textContent).not.toMatch(/[a-z_]{4,}|[A-Z_]{4,}/);
  });
});
