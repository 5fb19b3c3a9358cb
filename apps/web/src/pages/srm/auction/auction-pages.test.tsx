import { afterEach, describe, expect, it, vi } from 'vitest';
import { unitRoute } from '../../../test/units';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore } from '../../../lib/auth-store';
import { http } from '../../../lib/http';
import { persistedSession } from '../../../lib/session-persistence';
import { fail, fakeServer, ok, type FakeHandler } from '../../../test/fake-server';
import { typeDate } from '../../../test/dates';
import { renderWithProviders } from '../../../test/render';
import AuctionListPage from './auction-list-page';
import MyAuctionPage, { outcomePollInterval } from './my-auction-page';
import { awardPollInterval } from '../sourcing/award-form';
import {
  DEFAULT_RULES,
  ruleErrors,
  type AuctionDetail,
  type AuctionRules,
  type BidderView,
  type BuyerView,
  type LotView,
  type MyLotRow,
} from './auction-api';
import type { EventRow, Matrix } from '../sourcing/sourcing-api';

// The live channel is replaced in the component tests: each screen's subscription is captured
// so a test can push the views the server would stream (the real client is tested below).
const streams = vi.hoisted(
  () => [] as { lotId: string; audience: string; push: (view: unknown) => void; stopped: boolean }[],
);
vi.mock('./auction-stream', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./auction-stream')>();
  return {
    ...actual,
    openLotStream: (
      lotId: string,
      audience: string,
      onView: (view: unknown) => void,
      onMode: (mode: string) => void,
    ) => {
      const s = { lotId, audience, push: onView, stopped: false };
      streams.push(s);
      onMode('live');
      return () => {
        s.stopped = true;
      };
    },
  };
});
const push = (view: LotView) =>
  act(() =>
    streams
      .filter((s) => !s.stopped)
      .at(-1)!
      .push(view),
  );

function stub(routes: Record<string, FakeHandler>, auth: string[]) {
  persistedSession.setToken('tok');
  persistedSession.setButtonAuth(
    auth.map((action) => ({ action, type: '1' })),
    [],
  );
  const server = fakeServer({ ...unitRoute, ...routes });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const ROW: EventRow = {
  id: 'e1',
  code: 'AUC-20261125-0001',
  type: 'AUCTION',
  method: 'AUCTION',
  title: 'M-002 竞价',
  visibility: 'INVITED',
  status: 'PUBLISHED',
  statusText: '已发布',
  responseDeadline: '2026-11-25 10:30:00',
  awardMode: 'SINGLE',
  sealed: 0,
  publishedAt: null,
  openedAt: null,
  createTime: '2026-11-25 09:00:00',
};
const RULES: AuctionRules = {
  ...DEFAULT_RULES,
  startPrice: '30000',
  decrementMode: 'PERCENT',
  decrementValue: '1',
  maxExtensions: 2,
  startAt: '2026-11-25T02:00:00.000Z',
  endAt: '2026-11-25T02:30:00.000Z',
};
const DETAIL: AuctionDetail = {
  ...ROW,
  version: 2,
  currency: 'CNY',
  purchaseType: 'GOODS',
  responseStartAt: null,
  minInvited: 3,
  minQuotes: 3,
  currentRound: 1,
  estimatedAmount: null,
  contactName: null,
  contactPhone: null,
  remark: null,
  lines: [
    {
      id: 'l1',
      lineNo: 1,
      materialId: null,
      materialCode: null,
      materialName: 'M-002',
      spec: null,
      qty: '200',
      unit: '箱',
      needByDate: null,
      deliveryPlace: null,
      targetPrice: null,
      remark: null,
    },
  ],
  participants: ['SupA', 'SupB', 'SupC'].map((name, i) => ({
    id: `p${i}`,
    supplierId: `s${i}`,
    supplierName: name,
    origin: 'INVITED',
    status: 'ACCEPTED',
    declineReason: null,
    responded: false,
    respondedAt: null,
  })),
  openingRecords: [],
  lots: [
    {
      id: 'lot1',
      lotNo: 1,
      name: 'M-002 竞价',
      rules: RULES,
      status: 'SCHEDULED',
      currentEndAt: RULES.endAt,
      extensionsUsed: 0,
      bestPrice: null,
      result: null,
    },
  ],
};
const common = {
  lotId: 'lot1',
  phase: 'DURING' as const,
  serverTime: '2026-11-25T02:05:00.000Z',
  startAt: RULES.startAt,
  currentEndAt: RULES.endAt,
  extensionsUsed: 0,
  pausedAt: null,
  pauseReason: null,
};
const buyerView = (extra: Partial<BuyerView> = {}): BuyerView => ({
  ...common,
  audience: 'BUYER',
  status: 'RUNNING',
  anonymous: true,
  totalExtensionMs: 0,
  participantCount: 3,
  bestPrice: null,
  ranking: [],
  bids: [],
  ...extra,
});
const bidderView = (extra: Partial<BidderView> = {}): BidderView => ({
  ...common,
  audience: 'BIDDER',
  status: 'RUNNING',
  ownBids: [],
  ownPrice: null,
  ownRank: null,
  bestPrice: null,
  trafficLight: null,
  participantCount: null,
  winnerName: null,
  ...extra,
});
const BUYER = [
  'srm:auction:list',
  'srm:auction:add',
  'srm:auction:run',
  'srm:auction:void',
  'srm:sourcing:invite',
  'srm:sourcing:publish',
];
const confirmWith = async (name: RegExp) => {
  await waitFor(() => expect(screen.getAllByRole('button', { name }).length).toBeGreaterThan(1));
  fireEvent.click(screen.getAllByRole('button', { name }).at(-1)!);
};

describe('竞价管理 (domain §12, buyer)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    streams.length = 0;
  });

  it('lists only auctions', async () => {
    const server = stub(
      { 'GET /srm/sourcing/event/list': () => ok({ records: [ROW], total: 1, size: 10, current: 1, pages: 1 }) },
      BUYER,
    );
    renderWithProviders(<AuctionListPage />, { route: '/srm/auction', store: createSessionStore(http) });
    expect(await screen.findByText(ROW.code)).toBeTruthy();
    expect(server.calls('GET /srm/sourcing/event/list').at(-1)!.url.searchParams.get('type')).toBe('AUCTION');
  });

  it('shows a load refusal', async () => {
    stub({ 'GET /srm/sourcing/event/list': () => fail(200, '没有权限访问竞价单', 403) }, BUYER);
    renderWithProviders(<AuctionListPage />, { route: '/srm/auction', store: createSessionStore(http) });
    expect(await screen.findByText('没有权限访问竞价单')).toBeTruthy();
  });

  it('§12.1 a new draft shows the default rule block, refuses an end before the start, then sends the rules and lines', async () => {
    const server = stub(
      {
        'GET /srm/sourcing/event/list': () => ok({ records: [], total: 0, size: 10, current: 1, pages: 0 }),
        'POST /srm/auction/event/add': () => ok({ id: 'e9', lotId: 'lot9' }, '竞价单已保存'),
        'GET /srm/auction/event/queryById': () => ok({ ...DETAIL, id: 'e9', status: 'DRAFT' }),
      },
      BUYER,
    );
    renderWithProviders(<AuctionListPage />, { route: '/srm/auction', store: createSessionStore(http) });
    fireEvent.click(await screen.findByTestId('auction-new'));
    const dialog = within(await screen.findByRole('dialog'));
    // Defaults of §12.1 are shown.
    expect(dialog.getByText('低于当前最低价')).toBeTruthy();
    expect(dialog.getByText('仅本方排名')).toBeTruthy();
    expect((dialog.getByLabelText('最小降价幅度') as HTMLInputElement).value).toBe('0.5');
    fireEvent.change(dialog.getByLabelText('标题'), { target: { value: 'M-002 竞价' } });
    // A public auction is announced on the portal (§23).
    fireEvent.mouseDown(dialog.getByLabelText('发布方式'));
    fireEvent.click(
      await screen.findByText('公开竞价（门户发布公告与结果）', { selector: '.ant-select-item-option-content' }),
    );
    fireEvent.change(dialog.getByLabelText('起拍价'), { target: { value: '30000' } });
    fireEvent.change(dialog.getByLabelText('最小降价幅度'), { target: { value: '1' } });
    typeDate(dialog.getByLabelText('竞价开始时间'), '2099-11-25 10:30:00');
    typeDate(dialog.getByLabelText('竞价结束时间'), '2099-11-25 10:00:00');
    fireEvent.change(screen.getByLabelText('物料名称'), { target: { value: 'M-002' } });
    fireEvent.change(screen.getByLabelText('数量'), { target: { value: '200' } });
    fireEvent.mouseDown(screen.getByLabelText('单位'));
    fireEvent.click(await screen.findByText('箱', { selector: '.ant-select-item-option-content' }));
    fireEvent.click(screen.getByRole('button', { name: /保存草稿/ }));
    expect(await screen.findByText(/竞价结束时间必须晚于开始时间/)).toBeTruthy();
    expect(server.calls('POST /srm/auction/event/add')).toHaveLength(0);
    typeDate(dialog.getByLabelText('竞价结束时间'), '2099-11-25 11:00:00');
    fireEvent.click(screen.getByRole('button', { name: /保存草稿/ }));
    await waitFor(() => expect(server.calls('POST /srm/auction/event/add')).toHaveLength(1));
    const body = server.calls('POST /srm/auction/event/add')[0]!.body as {
      title: string;
      rules: AuctionRules;
      lines: unknown[];
    };
    expect(body.title).toBe('M-002 竞价');
    expect((body as { visibility?: string }).visibility).toBe('PUBLIC');
    expect(body.lines).toEqual([{ materialName: 'M-002', qty: '200', unit: 'BOX' }]);
    expect(body.rules).toMatchObject({
      biddingTarget: 'LOT_TOTAL',
      startPrice: '30000',
      decrementMode: 'PERCENT',
      decrementValue: '1',
      bidRule: 'BEAT_BEST',
      tieRule: 'NO_TIES',
      overtimeEnabled: true,
      overtimeWindowMin: 5,
      overtimeBase: 'FROM_BID_TIME',
      overtimeExtendMin: 5,
      supplierView: 'RANK_ONLY',
      buyerAnonymous: true,
      minParticipants: 3,
      reservePrice: null,
    });
    expect(Date.parse(body.rules.endAt) - Date.parse(body.rules.startAt)).toBe(30 * 60_000);
  });

  it('the live console follows the stream: status, anonymous ranking, best price, extensions and end time change without reload; start, pause (reason), void (reason)', async () => {
    const server = stub(
      {
        'GET /srm/sourcing/event/list': () => ok({ records: [ROW], total: 1, size: 10, current: 1, pages: 1 }),
        'GET /srm/auction/event/queryById': () => ok(DETAIL),
        'POST /srm/auction/lot/start': () => ok(null, '竞价已开始'),
        'POST /srm/auction/lot/pause': () => ok(null, '竞价已暂停'),
        'POST /srm/auction/bid/void': () => ok(null, '报价已作废'),
      },
      BUYER,
    );
    renderWithProviders(<AuctionListPage />, { route: '/srm/auction', store: createSessionStore(http) });
    fireEvent.click(await screen.findByTestId(`auction-open-${ROW.code}`));
    expect((await screen.findByTestId('auction-status')).textContent).toBe('未开始');
    expect(streams.at(-1)).toMatchObject({ lotId: 'lot1', audience: 'BUYER' });
    fireEvent.click(screen.getByTestId('auction-start'));
    await confirmWith(/开始竞价/);
    await waitFor(() => expect(server.calls('POST /srm/auction/lot/start')).toHaveLength(1));
    expect(server.calls('POST /srm/auction/lot/start')[0]!.body).toEqual({ lotId: 'lot1' });
    push(
      buyerView({
        bestPrice: '29000.00',
        ranking: [
          {
            rank: 1,
            label: '供应商 1',
            supplierId: null,
            price: '29000.00',
            bidCount: 1,
            lastBidAt: '2026-11-25T02:04:00.000Z',
          },
        ],
        bids: [
          {
            seq: 1,
            label: '供应商 1',
            supplierId: null,
            price: '29000.00',
            receivedAt: '2026-11-25T02:04:00.000Z',
            status: 'ACCEPTED',
            extendedEndAt: null,
          },
        ],
      }),
    );
    expect(screen.getByTestId('auction-status').textContent).toBe('竞价中');
    expect(screen.getByTestId('auction-best-price').textContent).toBe('29000.00');
    expect(within(screen.getByTestId('auction-ranking')).getByText('供应商 1')).toBeTruthy();
    expect(within(screen.getByTestId('auction-ranking')).queryByText('SupA')).toBeNull();
    expect(screen.getByTestId('auction-countdown').textContent).toMatch(/^剩余 /);
    // AUC-9: an extension reaches the console with the new end.
    push(
      buyerView({
        currentEndAt: '2026-11-25T02:32:00.000Z',
        extensionsUsed: 1,
        bestPrice: '28700.00',
        ranking: [
          {
            rank: 1,
            label: '供应商 2',
            supplierId: null,
            price: '28700.00',
            bidCount: 1,
            lastBidAt: '2026-11-25T02:27:00.000Z',
          },
          {
            rank: 2,
            label: '供应商 1',
            supplierId: null,
            price: '29000.00',
            bidCount: 1,
            lastBidAt: '2026-11-25T02:04:00.000Z',
          },
        ],
        bids: [
          {
            seq: 1,
            label: '供应商 1',
            supplierId: null,
            price: '29000.00',
            receivedAt: '2026-11-25T02:04:00.000Z',
            status: 'ACCEPTED',
            extendedEndAt: null,
          },
          {
            seq: 2,
            label: '供应商 2',
            supplierId: null,
            price: '28700.00',
            receivedAt: '2026-11-25T02:27:00.000Z',
            status: 'ACCEPTED',
            extendedEndAt: '2026-11-25T02:32:00.000Z',
          },
        ],
      }),
    );
    expect(screen.getByTestId('auction-extensions').textContent).toBe('1 / 2');
    expect(screen.getByTestId('auction-end-at').textContent).toBe('2026-11-25 10:32:00');
    expect(screen.getByTestId('auction-best-price').textContent).toBe('28700.00');
    // AUC-12 pause needs a reason.
    fireEvent.click(screen.getByTestId('auction-pause'));
    const ok1 = await screen.findByRole('button', { name: /确定暂停/ });
    expect((ok1 as HTMLButtonElement).disabled).toBe(true);
    fireEvent.change(screen.getByLabelText('暂停原因'), { target: { value: '网络故障' } });
    fireEvent.click(screen.getByRole('button', { name: /确定暂停/ }));
    await waitFor(() => expect(server.calls('POST /srm/auction/lot/pause')).toHaveLength(1));
    expect(server.calls('POST /srm/auction/lot/pause')[0]!.body).toEqual({ lotId: 'lot1', reason: '网络故障' });
    // AUC-13 void a bid with a reason.
    fireEvent.click(screen.getByTestId('auction-void-2'));
    fireEvent.change(await screen.findByLabelText('作废原因'), { target: { value: '供应商报错价' } });
    fireEvent.click(screen.getByRole('button', { name: /确定作废/ }));
    await waitFor(() => expect(server.calls('POST /srm/auction/bid/void')).toHaveLength(1));
    expect(server.calls('POST /srm/auction/bid/void')[0]!.body).toEqual({
      lotId: 'lot1',
      seq: 2,
      reason: '供应商报错价',
    });
    push(buyerView({ status: 'PAUSED', pauseReason: '网络故障' }));
    expect(screen.getByTestId('auction-status').textContent).toBe('已暂停');
    expect(screen.getByText('竞价已暂停：网络故障')).toBeTruthy();
    expect(screen.getByTestId('auction-resume')).toBeTruthy();
  });

  it('AUC-11/14/15/17 a streamed close re-reads the detail: frozen ranking, savings, rank-1 recommendation, reserve warning; the award starts at rank 1, another supplier needs a reason; submitted, it shows 审批中', async () => {
    let closed = false;
    let award: { id: string; status: string } | null = null;
    const ranked = [
      {
        rank: 1,
        label: 'SupB',
        supplierId: 's1',
        price: '28400.00',
        bidCount: 2,
        lastBidAt: '2026-11-25T02:20:00.000Z',
      },
      {
        rank: 2,
        label: 'SupA',
        supplierId: 's0',
        price: '29000.00',
        bidCount: 1,
        lastBidAt: '2026-11-25T02:04:00.000Z',
      },
    ];
    const closedLot = {
      ...DETAIL.lots[0]!,
      status: 'CLOSED' as const,
      bestPrice: '28400.00',
      result: {
        recommendedSupplierId: 's1',
        finalBest: '28400.00',
        aboveReserve: true,
        savings: { vsStart: '1600.00', vsStartPct: '5.33', vsPrevious: null, vsPreviousPct: null },
        status: 'CLOSED' as const,
      },
    };
    const matrix: Matrix = {
      eventId: 'e1',
      round: 1,
      lines: [
        {
          ...DETAIL.lines[0]!,
          lowestPrice: '142',
          quotes: [
            {
              supplierId: 's0',
              supplierName: 'SupA',
              responseId: 'r0',
              unitPrice: '145',
              taxRate: null,
              amount: null,
              leadTimeDays: null,
              lowest: false,
            },
            {
              supplierId: 's1',
              supplierName: 'SupB',
              responseId: 'r1',
              unitPrice: '142',
              taxRate: null,
              amount: null,
              leadTimeDays: null,
              lowest: true,
            },
          ],
        },
      ],
      suppliers: [],
      history: [],
    };
    const server = stub(
      {
        'GET /srm/sourcing/event/list': () => ok({ records: [ROW], total: 1, size: 10, current: 1, pages: 1 }),
        'GET /srm/auction/event/queryById': () =>
          ok(
            closed
              ? { ...DETAIL, status: 'EVALUATING', openedAt: '2026-11-25 10:30:00', lots: [closedLot] }
              : { ...DETAIL, lots: [{ ...DETAIL.lots[0]!, status: 'RUNNING' }] },
          ),
        'GET /srm/sourcing/event/matrix': () => ok(matrix),
        'GET /srm/sourcing/award/queryByEventId': () => ok(award),
        'POST /srm/sourcing/award/save': () => ok({ id: 'a1' }, '定标建议已保存'),
        'POST /srm/sourcing/award/submit': () => {
          award = { id: 'a1', status: 'PENDING_APPROVAL' };
          return ok({ status: 'RUNNING' }, '定标已提交审批');
        },
      },
      [...BUYER, 'srm:sourcing:award'],
    );
    renderWithProviders(<AuctionListPage />, { route: '/srm/auction', store: createSessionStore(http) });
    fireEvent.click(await screen.findByTestId(`auction-open-${ROW.code}`));
    expect((await screen.findByTestId('auction-status')).textContent).toBe('竞价中');
    expect(screen.queryByTestId('auction-outcome')).toBeNull();
    // The end passed: the stream tells of the close (names shown to the buyer after close, §12.4) and the detail is read again.
    closed = true;
    push(buyerView({ status: 'CLOSED', phase: 'AFTER', anonymous: false, bestPrice: '28400.00', ranking: ranked }));
    const outcome = await screen.findByTestId('auction-outcome');
    expect(server.calls('GET /srm/auction/event/queryById').length).toBeGreaterThanOrEqual(2);
    expect(screen.getByText('最终排名（已冻结）')).toBeTruthy();
    const ranking = within(screen.getByTestId('auction-ranking'));
    expect(ranking.getByText('推荐中选')).toBeTruthy();
    expect(ranking.getByText('SupB')).toBeTruthy();
    expect(within(outcome).getByTestId('auction-savings').textContent).toBe('1600.00（5.33%）');
    expect(within(outcome).getByTestId('auction-recommended').textContent).toBe('SupB');
    expect(within(outcome).getByTestId('auction-above-reserve')).toBeTruthy();
    // The award form starts at rank 1 (AUC-14).
    await within(outcome).findByTestId('sourcing-award-form');
    expect(within(outcome).getByText('SupB（单价 142，排名第一）')).toBeTruthy();
    expect(screen.queryByTestId('award-deviation-warning')).toBeNull();
    // Another supplier: a deviation reason is needed before anything is sent.
    fireEvent.mouseDown(within(outcome).getByLabelText('第1行中标供应商'));
    fireEvent.click(await screen.findByText('SupA（单价 145）', { selector: '.ant-select-item-option-content' }));
    expect(await screen.findByTestId('award-deviation-warning')).toBeTruthy();
    typeDate(screen.getByLabelText('价格生效日期'), '2099-12-01');
    typeDate(screen.getByLabelText('价格失效日期'), '2100-11-30');
    fireEvent.click(screen.getByTestId('sourcing-award-submit'));
    await confirmWith(/提交审批/);
    expect(await screen.findByText(/未授予排名第一的供应商，请填写偏离原因/)).toBeTruthy();
    // Rule ids stay in tests and logs, never in what users read (issue 19 #5).
    expect(screen.queryByText(/AUC-14|§13/)).toBeNull();
    expect(server.calls('POST /srm/sourcing/award/save')).toHaveLength(0);
    fireEvent.change(screen.getByLabelText('偏离原因'), { target: { value: '交期更有保障' } });
    fireEvent.click(screen.getByTestId('sourcing-award-submit'));
    await confirmWith(/提交审批/);
    await waitFor(() => expect(server.calls('POST /srm/sourcing/award/submit')).toHaveLength(1));
    expect(server.calls('POST /srm/sourcing/award/save')[0]!.body).toMatchObject({
      eventId: 'e1',
      deviationReason: '交期更有保障',
      priceValidFrom: '2099-12-01',
      priceValidTo: '2100-11-30',
      lines: [{ sourcingLineId: 'l1', supplierId: 's0' }],
    });
    expect(server.calls('POST /srm/sourcing/award/submit')[0]!.body).toEqual({ id: 'a1' });
    expect((await screen.findByTestId('award-status')).textContent).toContain('审批中');
    expect(screen.queryByTestId('sourcing-award-form')).toBeNull();
  });

  it('a failed lot shows 流标 with its reason (AUC-15); an award already FINAL shows 已生效', async () => {
    const failed = {
      ...DETAIL,
      status: 'FAILED',
      failReason: '竞价无有效出价，已流标',
      lots: [
        {
          ...DETAIL.lots[0]!,
          status: 'FAILED' as const,
          result: {
            recommendedSupplierId: null,
            finalBest: null,
            aboveReserve: false,
            savings: null,
            status: 'FAILED' as const,
          },
        },
      ],
    };
    const awarded = {
      ...DETAIL,
      id: 'e2',
      code: 'AUC-2',
      status: 'AWARDED',
      openedAt: '2026-11-25 10:30:00',
      lots: [
        {
          ...DETAIL.lots[0]!,
          status: 'CLOSED' as const,
          result: {
            recommendedSupplierId: 's1',
            finalBest: '28400.00',
            aboveReserve: false,
            savings: { vsStart: '1600.00', vsStartPct: '5.33', vsPrevious: null, vsPreviousPct: null },
            status: 'CLOSED' as const,
          },
        },
      ],
    };
    stub(
      {
        'GET /srm/sourcing/event/list': () =>
          ok({ records: [ROW, { ...ROW, id: 'e2', code: 'AUC-2' }], total: 2, size: 10, current: 1, pages: 1 }),
        'GET /srm/auction/event/queryById': (r) => ok(r.url.searchParams.get('id') === 'e2' ? awarded : failed),
        'GET /srm/sourcing/event/matrix': () => ok({ eventId: 'e2', round: 1, lines: [], suppliers: [], history: [] }),
        'GET /srm/sourcing/award/queryByEventId': () => ok({ id: 'a1', status: 'FINAL' }),
      },
      [...BUYER, 'srm:sourcing:award'],
    );
    renderWithProviders(<AuctionListPage />, { route: '/srm/auction', store: createSessionStore(http) });
    fireEvent.click(await screen.findByTestId(`auction-open-${ROW.code}`));
    const flop = await screen.findByTestId('auction-failed');
    expect(flop.textContent).toContain('已流标');
    expect(flop.textContent).toContain('竞价无有效出价，已流标');
    expect(screen.queryByTestId('sourcing-award-form')).toBeNull();
    fireEvent.click(document.querySelector('.ant-drawer-close')!);
    fireEvent.click(await screen.findByTestId('auction-open-AUC-2'));
    expect((await screen.findByTestId('award-status')).textContent).toContain('已生效');
  });

  it('AUC-13 bans a supplier with a reason from the supplier tab', async () => {
    const server = stub(
      {
        'GET /srm/sourcing/event/list': () => ok({ records: [ROW], total: 1, size: 10, current: 1, pages: 1 }),
        'GET /srm/auction/event/queryById': () => ok({ ...DETAIL, lots: [{ ...DETAIL.lots[0]!, status: 'RUNNING' }] }),
        'GET /srm/sourcing/event/inviteCandidates': () => ok([]),
        'POST /srm/auction/lot/ban': () => ok(null, '已禁止该供应商出价'),
      },
      BUYER,
    );
    renderWithProviders(<AuctionListPage />, { route: '/srm/auction', store: createSessionStore(http) });
    fireEvent.click(await screen.findByTestId(`auction-open-${ROW.code}`));
    fireEvent.click(await screen.findByRole('tab', { name: /供应商/ }));
    fireEvent.click(await screen.findByTestId('auction-ban-s1'));
    fireEvent.change(await screen.findByLabelText('禁止原因'), { target: { value: '串通报价' } });
    fireEvent.click(screen.getByRole('button', { name: /确定禁止/ }));
    await waitFor(() => expect(server.calls('POST /srm/auction/lot/ban')).toHaveLength(1));
    expect(server.calls('POST /srm/auction/lot/ban')[0]!.body).toEqual({
      lotId: 'lot1',
      supplierId: 's1',
      reason: '串通报价',
    });
  });
});

const MY: MyLotRow = {
  eventId: 'e1',
  code: ROW.code,
  title: ROW.title,
  eventStatus: 'PUBLISHED',
  currency: 'CNY',
  participationStatus: 'ACCEPTED',
  lotId: 'lot1',
  lotName: ROW.title,
  status: 'SCHEDULED',
  currentEndAt: RULES.endAt,
  extensionsUsed: 0,
  rules: {
    biddingTarget: 'LOT_TOTAL',
    startPrice: '30000',
    decrementMode: 'PERCENT',
    decrementValue: '1',
    bidRule: 'BEAT_BEST',
    tieRule: 'NO_TIES',
    maxBidsPerSupplier: null,
    confirmDropPct: '20',
    startAt: RULES.startAt,
    endAt: RULES.endAt,
    overtimeEnabled: true,
    overtimeWindowMin: 5,
    overtimeExtendMin: 5,
    maxExtensions: 2,
    supplierView: 'RANK_ONLY',
    pricePrecision: 2,
  },
  lines: [{ id: 'l1', lineNo: 1, materialName: 'M-002', spec: null, qty: '200', unit: '箱' }],
  outcome: null,
  noticeIssuedAt: null,
  failReason: null,
};

describe('我的竞价 (domain §12, supplier)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    streams.length = 0;
  });

  it('§12.4 / AUC-4 / AUC-8: the stream drives the screen; a refusal shows the server message; a large drop asks to confirm and re-sends with confirmed', async () => {
    let calls = 0;
    const server = stub(
      {
        'GET /srm/auction/supplier/lot/list': () => ok([MY]),
        'POST /srm/auction/supplier/bid': (r) => {
          calls += 1;
          const body = r.body as { price: string; confirmed?: boolean };
          if (body.price === '30500')
            return fail(200, '报价不能高于起拍价', 500, { reason: 'ABOVE_START', limit: '30000' });
          if (body.price === '20000' && !body.confirmed)
            return fail(200, '报价远低于当前最低价，请确认后再提交', 500, {
              reason: 'NEEDS_CONFIRMATION',
              limit: null,
            });
          return ok(
            {
              price: `${body.price}.00`,
              receivedAt: '2026-11-25T02:06:00.000Z',
              rank: 1,
              extendedEndAt: null,
              duplicate: false,
            },
            '出价成功',
          );
        },
      },
      ['srm:sourcing:supplier'],
    );
    renderWithProviders(<MyAuctionPage />, { route: '/srm/my-auction', store: createSessionStore(http) });
    fireEvent.click(await screen.findByTestId(`auction-enter-${ROW.code}`));
    expect((await screen.findByTestId('auction-status')).textContent).toBe('未开始');
    expect((screen.getByTestId('auction-bid-submit') as HTMLButtonElement).disabled).toBe(true);
    expect(streams.at(-1)).toMatchObject({ lotId: 'lot1', audience: 'BIDDER' });
    push(bidderView());
    expect(screen.getByTestId('auction-status').textContent).toBe('竞价中');
    expect((screen.getByTestId('auction-bid-submit') as HTMLButtonElement).disabled).toBe(false);
    // RANK_ONLY: no best price shown (§12.4).
    expect(screen.queryByTestId('auction-best-price')).toBeNull();
    fireEvent.change(screen.getByTestId('auction-bid-input'), { target: { value: '30500' } });
    fireEvent.click(screen.getByTestId('auction-bid-submit'));
    expect((await screen.findByTestId('auction-bid-error')).textContent).toContain('报价不能高于起拍价');
    fireEvent.change(screen.getByTestId('auction-bid-input'), { target: { value: '20000' } });
    fireEvent.click(screen.getByTestId('auction-bid-submit'));
    expect(await screen.findByText('报价远低于当前最低价，请确认后再提交')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: /确认报价/ }));
    await waitFor(() => expect(calls).toBe(3));
    const [, second, third] = server
      .calls('POST /srm/auction/supplier/bid')
      .map((c) => c.body as { price: string; confirmed?: boolean; clientRequestId: string });
    expect(second).toMatchObject({ lotId: 'lot1', price: '20000' });
    expect(second!.confirmed).toBeUndefined();
    expect(third).toMatchObject({
      lotId: 'lot1',
      price: '20000',
      confirmed: true,
      clientRequestId: second!.clientRequestId,
    });
    push(
      bidderView({
        ownRank: 1,
        ownPrice: '20000.00',
        ownBids: [{ no: 1, price: '20000.00', receivedAt: '2026-11-25T02:06:00.000Z', status: 'ACCEPTED' }],
      }),
    );
    expect(screen.getByTestId('auction-my-rank').textContent).toBe('1');
    push(bidderView({ ownRank: 2, ownPrice: '20000.00', currentEndAt: '2026-11-25T02:35:00.000Z', extensionsUsed: 1 }));
    expect(screen.getByTestId('auction-my-rank').textContent).toBe('2');
    expect(screen.getByTestId('auction-extensions').textContent).toBe('1 / 2');
    expect(screen.getByTestId('auction-end-at').textContent).toBe('2026-11-25 10:35:00');
  });

  it('BEST_PRICE / TRAFFIC_LIGHT views show only what they allow; an invitation is accepted first', async () => {
    const server = stub(
      {
        'GET /srm/auction/supplier/lot/list': () =>
          ok([
            { ...MY, participationStatus: 'INVITED' },
            { ...MY, code: 'AUC-2', lotId: 'lot2', rules: { ...MY.rules, supplierView: 'TRAFFIC_LIGHT' } },
          ]),
        'POST /srm/sourcing/supplier/event/accept': () => ok(null, '已接受邀请'),
      },
      ['srm:sourcing:supplier'],
    );
    renderWithProviders(<MyAuctionPage />, { route: '/srm/my-auction', store: createSessionStore(http) });
    expect(screen.queryByTestId(`auction-enter-${ROW.code}`)).toBeNull();
    fireEvent.click(await screen.findByTestId(`auction-accept-${ROW.code}`));
    await confirmWith(/接\s*受/);
    await waitFor(() => expect(server.calls('POST /srm/sourcing/supplier/event/accept')).toHaveLength(1));
    fireEvent.click(screen.getByTestId('auction-enter-AUC-2'));
    await screen.findByTestId('auction-bidding');
    push(bidderView({ lotId: 'lot2', trafficLight: 'YELLOW', ownPrice: '29000.00' }));
    expect(screen.getByTestId('auction-traffic-light').textContent).toBe('接近');
    expect(screen.queryByTestId('auction-my-rank')).toBeNull();
    expect(screen.queryByTestId('auction-best-price')).toBeNull();
  });
});

describe('我的竞价 after the close (§12.4, AWD-7)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    streams.length = 0;
  });

  it("shows the final rank while the award is pending, then the outcome of the notice with the winner's name; a failed lot shows 流标 with its reason", async () => {
    const rows: MyLotRow[] = [
      {
        ...MY,
        status: 'CLOSED',
        eventStatus: 'AWARDED',
        outcome: 'NOT_AWARDED',
        noticeIssuedAt: '2026-11-25 11:00:00',
      },
      {
        ...MY,
        code: 'AUC-2',
        lotId: 'lot2',
        status: 'FAILED',
        eventStatus: 'FAILED',
        failReason: '竞价无有效出价，已流标',
      },
      { ...MY, code: 'AUC-3', lotId: 'lot3', status: 'CLOSED', eventStatus: 'EVALUATING' },
      {
        ...MY,
        code: 'AUC-4',
        lotId: 'lot4',
        status: 'CLOSED',
        eventStatus: 'AWARDED',
        outcome: 'AWARDED',
        noticeIssuedAt: '2026-11-25 11:00:00',
      },
    ];
    stub({ 'GET /srm/auction/supplier/lot/list': () => ok(rows) }, ['srm:sourcing:supplier']);
    renderWithProviders(<MyAuctionPage />, { route: '/srm/my-auction', store: createSessionStore(http) });
    expect((await screen.findByTestId(`auction-result-${ROW.code}`)).textContent).toBe('未中标');
    expect(screen.getByTestId('auction-result-AUC-2').textContent).toBe('流标');
    expect(screen.getByTestId('auction-result-AUC-3').textContent).toBe('待定标');
    expect(screen.getByTestId('auction-result-AUC-4').textContent).toBe('中标');

    fireEvent.click(screen.getByTestId('auction-enter-AUC-3'));
    push(bidderView({ lotId: 'lot3', status: 'CLOSED', phase: 'AFTER', ownRank: 2, ownPrice: '29000.00' }));
    expect(screen.getByText('最终排名')).toBeTruthy();
    expect(screen.getByTestId('auction-my-rank').textContent).toBe('2');
    expect(screen.getByTestId('auction-outcome').textContent).toContain('等待采购方定标');
    fireEvent.click(screen.getByRole('button', { name: /返回列表/ }));

    fireEvent.click(await screen.findByTestId(`auction-enter-${ROW.code}`));
    push(bidderView({ status: 'CLOSED', phase: 'AFTER', ownRank: 2, ownPrice: '29000.00', winnerName: 'SupB' }));
    const lost = screen.getByTestId('auction-outcome').textContent!;
    expect(lost).toContain('未中标通知');
    expect(lost).toContain('中选供应商：SupB');
    expect(lost).toContain('2026-11-25 11:00:00');
    fireEvent.click(screen.getByRole('button', { name: /返回列表/ }));

    fireEvent.click(await screen.findByTestId('auction-enter-AUC-2'));
    push(bidderView({ lotId: 'lot2', status: 'FAILED', phase: 'AFTER' }));
    expect(screen.getByTestId('auction-outcome').textContent).toContain('本次竞价已流标');
    expect(screen.getByTestId('auction-outcome').textContent).toContain('竞价无有效出价，已流标');
  });
});

describe('rule block check (§12.1)', () => {
  it('refuses a missing start price, a reserve above the start, a 100% step and an end before the start', () => {
    expect(
      ruleErrors({ ...DEFAULT_RULES, startPrice: '', startAt: '2026-11-25T02:00:00Z', endAt: '2026-11-25T03:00:00Z' }),
    ).toEqual(['起拍价须为大于0的数字']);
    expect(
      ruleErrors({
        ...DEFAULT_RULES,
        startPrice: '100',
        reservePrice: '120',
        decrementValue: '100',
        startAt: '2026-11-25T03:00:00Z',
        endAt: '2026-11-25T02:00:00Z',
      }),
    ).toEqual(['保留价不能高于起拍价', '最小降价幅度百分比必须小于100', '竞价结束时间必须晚于开始时间']);
    expect(
      ruleErrors({
        ...DEFAULT_RULES,
        startPrice: '100.123',
        startAt: '2026-11-25T02:00:00Z',
        endAt: '2026-11-25T03:00:00Z',
      }),
    ).toEqual(['起拍价最多2位小数']);
    expect(
      ruleErrors({
        ...DEFAULT_RULES,
        startPrice: '30000',
        startAt: '2026-11-25T02:00:00Z',
        endAt: '2026-11-25T03:00:00Z',
      }),
    ).toEqual([]);
  });
});

describe('the live channel (fetch-read SSE, Last-Event-ID, polling fallback)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads lot frames, falls back to polling when the stream ends, and reconnects naming the last event', async () => {
    const { openLotStream, parseFrames } = await vi.importActual<typeof import('./auction-stream')>('./auction-stream');
    expect(
      parseFrames('retry: 3000\n\nid: 3\nevent: lot\ndata: {"a":1}\n\n: ping\n\nid: 4\nevent: lot\ndata: {"a"'),
    ).toEqual({ frames: [{ id: '3', event: 'lot', data: '{"a":1}' }], rest: 'id: 4\nevent: lot\ndata: {"a"' });
    persistedSession.setToken('tok');
    const requests: { url: string; headers: Record<string, string> }[] = [];
    const encoder = new TextEncoder();
    const fetchStub = vi.fn(async (input: string | URL | Request, init: RequestInit = {}) => {
      const url = String(input);
      const headers = (init.headers ?? {}) as Record<string, string>;
      requests.push({ url, headers });
      if (url.includes('/srm/auction/stream')) {
        const first = requests.filter((r) => r.url.includes('/srm/auction/stream')).length === 1;
        const body = new ReadableStream<Uint8Array>({
          start(controller) {
            controller.enqueue(encoder.encode('retry: 3000\n\n'));
            controller.enqueue(
              encoder.encode(
                `id: ${first ? 7 : 8}\nevent: lot\ndata: ${JSON.stringify(bidderView({ ownRank: first ? 1 : 2 }))}\n\n`,
              ),
            );
            if (first) controller.close();
          },
        });
        return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });
      }
      return new Response(
        JSON.stringify({ success: true, code: 200, message: '', result: bidderView({ ownRank: 5 }), timestamp: 0 }),
        { status: 200, headers: { 'Content-Type': 'application/json' } },
      );
    });
    vi.stubGlobal('fetch', fetchStub);
    const views: LotView[] = [];
    const modes: string[] = [];
    const stop = openLotStream(
      'lot1',
      'BIDDER',
      (v) => views.push(v),
      (m) => modes.push(m),
      { retryMs: 50, pollMs: 10_000 },
    );
    await waitFor(() => expect(requests.filter((r) => r.url.includes('/srm/auction/stream'))).toHaveLength(2));
    await waitFor(() => expect((views.at(-1) as BidderView).ownRank).toBe(2));
    stop();
    const [first, second] = requests.filter((r) => r.url.includes('/srm/auction/stream'));
    expect(first!.url).toContain('lotId=lot1');
    expect(first!.headers['X-Access-Token']).toBe('tok');
    expect(first!.headers['Last-Event-ID']).toBeUndefined();
    expect(second!.headers['Last-Event-ID']).toBe('7');
    // Between the two connections the view was polled from the bidder's view route.
    expect(requests.some((r) => r.url.includes('/srm/auction/supplier/lot/view') && r.url.includes('lotId=lot1'))).toBe(
      true,
    );
    expect(views.map((v) => (v as BidderView).ownRank)).toEqual([1, 5, 2]);
    expect(modes).toEqual(['connecting', 'live', 'polling', 'live']);
  });
});

describe('waiting for the award without a reload (AWD-7)', () => {
  it("the supplier's list is read again while a closed lot has no outcome, and no longer once it has one", () => {
    expect(outcomePollInterval([{ ...MY, status: 'RUNNING' }])).toBe(false);
    expect(outcomePollInterval([{ ...MY, status: 'CLOSED' }])).toBe(30_000);
    expect(outcomePollInterval([{ ...MY, status: 'CLOSED', outcome: 'AWARDED' }])).toBe(false);
    expect(outcomePollInterval([{ ...MY, status: 'FAILED' }])).toBe(false);
  });

  it("the buyer's award status is read again while it waits in 审批中心, and no longer once decided", () => {
    expect(awardPollInterval('PENDING_APPROVAL')).toBe(30_000);
    for (const s of ['FINAL', 'DRAFT', undefined]) expect(awardPollInterval(s)).toBe(false);
  });
});
