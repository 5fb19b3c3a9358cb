import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore } from '../../../lib/auth-store';
import { http } from '../../../lib/http';
import { ok } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import TenderListPage from './tender-list-page';
import { statutoryErrors, weightError } from './tender-api';
import { BUYER, confirmWith, detailOf, ROW, stub } from './tender-test-data';

describe('招标管理 (domain §11)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists tenders with method and status; the search sends the title', async () => {
    const server = stub(
      { 'GET /srm/tender/list': () => ok({ records: [ROW], total: 1, size: 10, current: 1, pages: 1 }) },
      BUYER,
    );
    renderWithProviders(<TenderListPage />, { route: '/srm/tender', store: createSessionStore(http) });
    expect(await screen.findByText(ROW.code)).toBeTruthy();
    const table = within(screen.getByTestId('tender-table'));
    expect(table.getByText('公开招标')).toBeTruthy();
    expect(table.getByText('已发布')).toBeTruthy();
    fireEvent.change(within(screen.getByTestId('tender-search')).getByLabelText('项目名称'), {
      target: { value: '空调' },
    });
    fireEvent.click(within(screen.getByTestId('tender-search')).getByRole('button', { name: /查\s*询/ }));
    await waitFor(() =>
      expect(server.calls('GET /srm/tender/list').some((c) => c.url.searchParams.get('title') === '空调')).toBe(true),
    );
  });

  it('shows the empty state', async () => {
    stub({ 'GET /srm/tender/list': () => ok({ records: [], total: 0, size: 10, current: 1, pages: 0 }) }, BUYER);
    renderWithProviders(<TenderListPage />, { route: '/srm/tender', store: createSessionStore(http) });
    expect(await screen.findByText('暂无招标项目')).toBeTruthy();
  });

  it('the officer confirms the opening; a pending quorum is shown as the server words it (P2)', async () => {
    const server = stub(
      {
        'GET /srm/tender/list': () => ok({ records: [ROW], total: 1, size: 10, current: 1, pages: 1 }),
        'GET /srm/tender/queryById': () => ok(detailOf('PUBLISHED')),
        'GET /srm/tender/audit/list': () => ok([]),
        'POST /srm/tender/open': () =>
          ok({ result: 'PENDING', envelope: 'SINGLE', approvals: 1, quorum: 2 }, '已确认开标，等待其他开标人确认'),
      },
      BUYER,
    );
    renderWithProviders(<TenderListPage />, { route: '/srm/tender', store: createSessionStore(http) });
    fireEvent.click(await screen.findByTestId(`tender-open-${ROW.code}`));
    expect(await screen.findByText('管理员、采购员二')).toBeTruthy();
    fireEvent.click(await screen.findByTestId('tender-open'));
    await confirmWith(/确认开标/);
    expect(await screen.findByText('已确认开标，等待其他开标人确认')).toBeTruthy();
    expect(server.calls('POST /srm/tender/open')[0]!.body).toEqual({ id: 't1' });
  });

  it('a failed tender shows the reason and offers 重新招标 (TND-24); the audit chain is verified on demand (P4)', async () => {
    const server = stub(
      {
        'GET /srm/tender/list': () => ok({ records: [ROW], total: 1, size: 10, current: 1, pages: 1 }),
        'GET /srm/tender/queryById': () => ok(detailOf('FAILED', { failReason: 'INSUFFICIENT_BIDS' })),
        'GET /srm/tender/audit/list': () =>
          ok([
            {
              id: '1-7',
              seq: 7,
              docType: 'TENDER',
              docId: 't1',
              action: 'create',
              kind: 'TRANSITION',
              atWire: '2026-11-25 09:00:00',
              actorName: '采购员',
              ip: '127.0.0.1',
              prevHash: '0',
              hash: 'abcdef0123456789abcdef',
            },
            {
              id: '1-9',
              seq: 9,
              docType: 'TENDER',
              docId: 't1',
              action: 'viewBids',
              kind: 'EVENT',
              atWire: '2026-11-25 10:00:00',
              actorName: '采购员',
              ip: '127.0.0.1',
              prevHash: 'abcdef0123456789abcdef',
              hash: '0123456789abcdef012345',
            },
          ]),
        'GET /srm/tender/audit/verify': () =>
          ok({ valid: false, brokenAtSeq: 8, reason: '哈希不一致：内容被篡改', count: 2 }),
        'POST /srm/tender/clone': () => ok({ id: 't2' }, '已复制为新的招标项目草稿'),
      },
      BUYER,
    );
    renderWithProviders(<TenderListPage />, { route: '/srm/tender', store: createSessionStore(http) });
    fireEvent.click(await screen.findByTestId(`tender-open-${ROW.code}`));
    expect((await screen.findByTestId('tender-failed')).textContent).toContain('投标人不足3家');
    fireEvent.click(screen.getByRole('tab', { name: '审计日志' }));
    // The tender's entries of the tenant's chain, named in Chinese: a status move and an event (P4).
    expect(await screen.findByText('创建')).toBeTruthy();
    expect(screen.getByText('查看投标文件')).toBeTruthy();
    expect(screen.getByText('事件')).toBeTruthy();
    fireEvent.click(screen.getByTestId('tender-audit-verify'));
    expect(await screen.findByText('审计链在第8条断开（哈希不一致：内容被篡改）')).toBeTruthy();
    fireEvent.click(screen.getByTestId('tender-clone'));
    await confirmWith(/重新招标/);
    await waitFor(() => expect(server.calls('POST /srm/tender/clone')).toHaveLength(1));
  });

  it("SRC-9 / TND-3 a bidder's question is answered in 答疑澄清 through the tender route, with its effect on bids, and the detail re-read", async () => {
    const server = stub(
      {
        'GET /srm/tender/list': () => ok({ records: [ROW], total: 1, size: 10, current: 1, pages: 1 }),
        'GET /srm/tender/queryById': () => ok(detailOf('PUBLISHED')),
        'GET /srm/tender/audit/list': () => ok([]),
        'GET /srm/sourcing/clarification/list': () =>
          ok({
            askDeadline: '2026-12-20 09:00:00',
            canPublish: true,
            records: [
              {
                id: 'q1',
                kind: 'QUESTION',
                question: '是否含安装？',
                answer: null,
                publishedAt: null,
                affectsResponses: 0,
                createTime: '2026-11-26 10:00:00',
                askedBySupplierName: '华东精密机械有限公司',
              },
            ],
          }),
        'POST /srm/tender/amendment': () =>
          ok({ responseDeadline: '2026-12-28 09:00:00' }, '已发布；投标截止时间已顺延至 2026-12-28 09:00:00'),
      },
      BUYER,
    );
    renderWithProviders(<TenderListPage />, { route: '/srm/tender', store: createSessionStore(http) });
    fireEvent.click(await screen.findByTestId(`tender-open-${ROW.code}`));
    fireEvent.click(await screen.findByRole('tab', { name: '答疑澄清' }));
    expect(await screen.findByText('问：是否含安装？')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /答\s*复/ }));
    fireEvent.change(screen.getByTestId('clarification-text'), { target: { value: '含安装及调试' } });
    fireEvent.click(screen.getByRole('checkbox', { name: '可能影响投标文件编制' }));
    const reads = server.calls('GET /srm/tender/queryById').length;
    fireEvent.click(screen.getByTestId('clarification-send'));
    expect(await screen.findByText('已发布；投标截止时间已顺延至 2026-12-28 09:00:00')).toBeTruthy();
    expect(server.calls('POST /srm/tender/amendment')[0]!.body).toEqual({
      id: 't1',
      questionId: 'q1',
      answer: '含安装及调试',
      affectsResponses: true,
    });
    expect(server.calls('POST /srm/sourcing/clarification/answer')).toHaveLength(0);
    await waitFor(() => expect(server.calls('GET /srm/tender/queryById').length).toBeGreaterThan(reads));
  });

  it('terminating needs a reason before anything is sent (SRC-10)', async () => {
    const server = stub(
      {
        'GET /srm/tender/list': () => ok({ records: [ROW], total: 1, size: 10, current: 1, pages: 1 }),
        'GET /srm/tender/queryById': () => ok(detailOf('PUBLISHED')),
        'GET /srm/tender/audit/list': () => ok([]),
        'POST /srm/tender/cancel': () => ok(null, '招标项目已终止'),
      },
      BUYER,
    );
    renderWithProviders(<TenderListPage />, { route: '/srm/tender', store: createSessionStore(http) });
    fireEvent.click(await screen.findByTestId(`tender-open-${ROW.code}`));
    fireEvent.click(await screen.findByTestId('tender-cancel'));
    fireEvent.click(await screen.findByRole('button', { name: /确\s*定/ }));
    expect(await screen.findByText('请填写终止原因')).toBeTruthy();
    expect(server.calls('POST /srm/tender/cancel')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('tender-ask-text'), { target: { value: '需求变更' } });
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() => expect(server.calls('POST /srm/tender/cancel')).toHaveLength(1));
    expect(server.calls('POST /srm/tender/cancel')[0]!.body).toEqual({ id: 't1', reason: '需求变更' });
  });

  it("the buyer picks opening officers from the tender's own list of internal users, not the administrator's user list (P2)", async () => {
    const server = stub(
      {
        'GET /srm/tender/list': () => ok({ records: [], total: 0, size: 10, current: 1, pages: 0 }),
        'GET /srm/tender/officer/list': () =>
          ok({
            records: [
              { id: 'u1', username: 'admin', realname: '管理员' },
              { id: 'u2', username: 'buyer2', realname: '采购员二' },
            ],
            total: 2,
            size: 20,
            current: 1,
            pages: 1,
          }),
      },
      BUYER,
    );
    renderWithProviders(<TenderListPage />, { route: '/srm/tender', store: createSessionStore(http) });
    fireEvent.click(await screen.findByRole('button', { name: '新建招标项目' }));
    fireEvent.mouseDown(within(await screen.findByTestId('user-select')).getByRole('combobox'));
    expect(await screen.findByText('采购员二（buyer2）', { selector: '.ant-select-item-option-content' })).toBeTruthy();
    expect(server.calls('GET /srm/tender/officer/list')).toHaveLength(1);
    expect(server.calls('GET /sys/user/list')).toHaveLength(0);
  });

  it('the form checks weights and the statutory periods before sending (TND-1, TND-2)', () => {
    expect(
      weightError({ evaluationMethod: 'COMPREHENSIVE_SCORE', priceWeight: 40, techWeight: 40, businessWeight: 10 }),
    ).toBe('综合评估法的价格、技术、商务权重合计须为100，当前为90');
    expect(weightError({ evaluationMethod: 'LOWEST_EVALUATED_PRICE', priceWeight: 0 })).toBeNull();
    expect(statutoryErrors(true, '2026-11-25T00:00:00Z', '2026-11-28T00:00:00Z', '2026-12-10T00:00:00Z')).toEqual([
      '依法必须招标的项目，自招标文件开始发出之日起至投标截止时间止不得少于20日',
      '招标文件发售期不得少于5日',
    ]);
    expect(statutoryErrors(false, '2026-11-25T00:00:00Z', '2026-11-28T00:00:00Z', '2026-12-10T00:00:00Z')).toEqual([]);
  });
});
