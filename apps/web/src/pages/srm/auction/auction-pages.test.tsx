import { afterEach, describe, expect, it, vi } from 'vitest';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore } from '../../../lib/auth-store';
import { http } from '../../../lib/http';
import { persistedSession } from '../../../lib/session-persistence';
import { fail, fakeServer, ok, type FakeHandler } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import AuctionListPage from './auction-list-page';
import MyAuctionPage from './my-auction-page';
import { DEFAULT_RULES, ruleErrors, type AuctionDetail, type AuctionRules, type BidderView, type BuyerView, type LotView, type MyLotRow } from './auction-api';
import type { EventRow } from '../sourcing/sourcing-api';

// The live channel is replaced in the component tests: each screen's subscription is captured
// so a test can push the views the server would stream (the real client is tested below).
const streams = vi.hoisted(() => [] as { lotId: string; audience: string; push: (view: unknown) => void; stopped: boolean }[]);
vi.mock('./auction-stream', async (importOriginal) => {
  const actual = await importOriginal<typeof import('./auction-stream')>();
  return {
    ...actual,
    openLotStream: (lotId: string, audience: string, onView: (view: unknown) => void, onMode: (mode: string) => void) => {
      const s = { lotId, audience, push: onView, stopped: false };
      streams.push(s);
      onMode('live');
      return () => {
        s.stopped = true;
      };
    },
  };
});
const push = (view: LotView) => act(() => streams.filter((s) => !s.stopped).at(-1)!.push(view));

function stub(routes: Record<string, FakeHandler>, auth: string[]) {
  persistedSession.setToken('tok');
  persistedSession.setButtonAuth(auth.map((action) => ({ action, type: '1' })), []);
  const server = fakeServer(routes);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const ROW: EventRow = { id: 'e1', code: 'AUC-20261125-0001', type: 'AUCTION', method: 'AUCTION', title: 'M-002 竞价', visibility: 'INVITED', status: 'PUBLISHED', statusText: '已发布', responseDeadline: '2026-11-25 10:30:00', awardMode: 'SINGLE', sealed: 0, publishedAt: null, openedAt: null, createTime: '2026-11-25 09:00:00' };
const RULES: AuctionRules = { ...DEFAULT_RULES, startPrice: '30000', decrementMode: 'PERCENT', decrementValue: '1', maxExtensions: 2, startAt: '2026-11-25T02:00:00.000Z', endAt: '2026-11-25T02:30:00.000Z' };
const DETAIL: AuctionDetail = {
  ...ROW, version: 2, currency: 'CNY', purchaseType: 'GOODS', responseStartAt: null, minInvited: 3, minQuotes: 3, currentRound: 1, estimatedAmount: null, contactName: null, contactPhone: null, remark: null,
  lines: [{ id: 'l1', lineNo: 1, materialId: null, materialCode: null, materialName: 'M-002', spec: null, qty: '200', unit: '箱', needByDate: null, deliveryPlace: null, targetPrice: null, remark: null }],
  participants: ['SupA', 'SupB', 'SupC'].map((name, i) => ({ id: `p${i}`, supplierId: `s${i}`, supplierName: name, origin: 'INVITED', status: 'ACCEPTED', declineReason: null, responded: false, respondedAt: null })),
  openingRecords: [],
  lots: [{ id: 'lot1', lotNo: 1, name: 'M-002 竞价', rules: RULES, status: 'SCHEDULED', currentEndAt: RULES.endAt, extensionsUsed: 0, bestPrice: null }],
};
const common = { lotId: 'lot1', phase: 'DURING' as const, serverTime: '2026-11-25T02:05:00.000Z', startAt: RULES.startAt, currentEndAt: RULES.endAt, extensionsUsed: 0, pausedAt: null, pauseReason: null };
const buyerView = (extra: Partial<BuyerView> = {}): BuyerView => ({ ...common, audience: 'BUYER', status: 'RUNNING', anonymous: true, totalExtensionMs: 0, participantCount: 3, bestPrice: null, ranking: [], bids: [], ...extra });
const bidderView = (extra: Partial<BidderView> = {}): BidderView => ({ ...common, audience: 'BIDDER', status: 'RUNNING', ownBids: [], ownPrice: null, ownRank: null, bestPrice: null, trafficLight: null, participantCount: null, winnerName: null, ...extra });
const BUYER = ['srm:auction:list', 'srm:auction:add', 'srm:auction:run', 'srm:auction:void', 'srm:sourcing:invite', 'srm:sourcing:publish'];
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
    const server = stub({ 'GET /srm/sourcing/event/list': () => ok({ records: [ROW], total: 1, size: 10, current: 1, pages: 1 }) }, BUYER);
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
    const server = stub({
      'GET /srm/sourcing/event/list': () => ok({ records: [], total: 0, size: 10, current: 1, pages: 0 }),
      'POST /srm/auction/event/add': () => ok({ id: 'e9', lotId: 'lot9' }, '竞价单已保存'),
      'GET /srm/auction/event/queryById': () => ok({ ...DETAIL, id: 'e9', status: 'DRAFT' }),
    }, BUYER);
    renderWithProviders(<AuctionListPage />, { route: '/srm/auction', store: createSessionStore(http) });
    fireEvent.click(await screen.findByTestId('auction-new'));
    const dialog = within(await screen.findByRole('dialog'));
    // Defaults of §12.1 are shown.
    expect(dialog.getByText('低于当前最低价')).toBeTruthy();
    expect(dialog.getByText('仅本方排名')).toBeTruthy();
    expect((dialog.getByLabelText('最小降价幅度') as HTMLInputElement).value).toBe('0.5');
    fireEvent.change(dialog.getByLabelText('标题'), { target: { value: 'M-002 竞价' } });
    fireEvent.change(dialog.getByLabelText('起拍价'), { target: { value: '30000' } });
    fireEvent.change(dialog.getByLabelText('最小降价幅度'), { target: { value: '1' } });
    fireEvent.change(dialog.getByLabelText('竞价开始时间'), { target: { value: '2026-11-25T10:30' } });
    fireEvent.change(dialog.getByLabelText('竞价结束时间'), { target: { value: '2026-11-25T10:00' } });
    fireEvent.change(screen.getByLabelText('物料名称'), { target: { value: 'M-002' } });
    fireEvent.change(screen.getByLabelText('数量'), { target: { value: '200' } });
    fireEvent.change(screen.getByLabelText('单位'), { target: { value: '箱' } });
    fireEvent.click(screen.getByRole('button', { name: /保存草稿/ }));
    expect(await screen.findByText(/竞价结束时间必须晚于开始时间/)).toBeTruthy();
    expect(server.calls('POST /srm/auction/event/add')).toHaveLength(0);
    fireEvent.change(dialog.getByLabelText('竞价结束时间'), { target: { value: '2026-11-25T11:00' } });
    fireEvent.click(screen.getByRole('button', { name: /保存草稿/ }));
    await waitFor(() => expect(server.calls('POST /srm/auction/event/add')).toHaveLength(1));
    const body = server.calls('POST /srm/auction/event/add')[0]!.body as { title: string; rules: AuctionRules; lines: unknown[] };
    expect(body.title).toBe('M-002 竞价');
    expect(body.lines).toEqual([{ materialName: 'M-002', qty: '200', unit: '箱' }]);
    expect(body.rules).toMatchObject({ biddingTarget: 'LOT_TOTAL', startPrice: '30000', decrementMode: 'PERCENT', decrementValue: '1', bidRule: 'BEAT_BEST', tieRule: 'NO_TIES', overtimeEnabled: true, overtimeWindowMin: 5, overtimeBase: 'FROM_BID_TIME', overtimeExtendMin: 5, supplierView: 'RANK_ONLY', buyerAnonymous: true, minParticipants: 3, reservePrice: null });
    expect(Date.parse(body.rules.endAt) - Date.parse(body.rules.startAt)).toBe(30 * 60_000);
  });

  it('the live console follows the stream: status, anonymous ranking, best price, extensions and end time change without reload; start, pause (reason), void (reason)', async () => {
    const server = stub({
      'GET /srm/sourcing/event/list': () => ok({ records: [ROW], total: 1, size: 10, current: 1, pages: 1 }),
      'GET /srm/auction/event/queryById': () => ok(DETAIL),
      'POST /srm/auction/lot/start': () => ok(null, '竞价已开始'),
      'POST /srm/auction/lot/pause': () => ok(null, '竞价已暂停'),
      'POST /srm/auction/bid/void': () => ok(null, '报价已作废'),
    }, BUYER);
    renderWithProviders(<AuctionListPage />, { route: '/srm/auction', store: createSessionStore(http) });
    fireEvent.click(await screen.findByTestId(`auction-open-${ROW.code}`));
    expect((await screen.findByTestId('auction-status')).textContent).toBe('未开始');
    expect(streams.at(-1)).toMatchObject({ lotId: 'lot1', audience: 'BUYER' });
    fireEvent.click(screen.getByTestId('auction-start'));
    await confirmWith(/开始竞价/);
    await waitFor(() => expect(server.calls('POST /srm/auction/lot/start')).toHaveLength(1));
    expect(server.calls('POST /srm/auction/lot/start')[0]!.body).toEqual({ lotId: 'lot1' });
    push(buyerView({ bestPrice: '29000.00', ranking: [{ rank: 1, label: '供应商 1', supplierId: null, price: '29000.00', bidCount: 1, lastBidAt: '2026-11-25T02:04:00.000Z' }], bids: [{ seq: 1, label: '供应商 1', supplierId: null, price: '29000.00', receivedAt: '2026-11-25T02:04:00.000Z', status: 'ACCEPTED', extendedEndAt: null }] }));
    expect(screen.getByTestId('auction-status').textContent).toBe('竞价中');
    expect(screen.getByTestId('auction-best-price').textContent).toBe('29000.00');
    expect(within(screen.getByTestId('auction-ranking')).getByText('供应商 1')).toBeTruthy();
    expect(within(screen.getByTestId('auction-ranking')).queryByText('SupA')).toBeNull();
    expect(screen.getByTestId('auction-countdown').textContent).toMatch(/^剩余 /);
    // AUC-9: an extension reaches the console with the new end.
    push(buyerView({ currentEndAt: '2026-11-25T02:32:00.000Z', extensionsUsed: 1, bestPrice: '28700.00', ranking: [{ rank: 1, label: '供应商 2', supplierId: null, price: '28700.00', bidCount: 1, lastBidAt: '2026-11-25T02:27:00.000Z' }, { rank: 2, label: '供应商 1', supplierId: null, price: '29000.00', bidCount: 1, lastBidAt: '2026-11-25T02:04:00.000Z' }], bids: [{ seq: 1, label: '供应商 1', supplierId: null, price: '29000.00', receivedAt: '2026-11-25T02:04:00.000Z', status: 'ACCEPTED', extendedEndAt: null }, { seq: 2, label: '供应商 2', supplierId: null, price: '28700.00', receivedAt: '2026-11-25T02:27:00.000Z', status: 'ACCEPTED', extendedEndAt: '2026-11-25T02:32:00.000Z' }] }));
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
    expect(server.calls('POST /srm/auction/bid/void')[0]!.body).toEqual({ lotId: 'lot1', seq: 2, reason: '供应商报错价' });
    push(buyerView({ status: 'PAUSED', pauseReason: '网络故障' }));
    expect(screen.getByTestId('auction-status').textContent).toBe('已暂停');
    expect(screen.getByText('竞价已暂停：网络故障')).toBeTruthy();
    expect(screen.getByTestId('auction-resume')).toBeTruthy();
  });

  it('AUC-13 bans a supplier with a reason from the supplier tab', async () => {
    const server = stub({
      'GET /srm/sourcing/event/list': () => ok({ records: [ROW], total: 1, size: 10, current: 1, pages: 1 }),
      'GET /srm/auction/event/queryById': () => ok({ ...DETAIL, lots: [{ ...DETAIL.lots[0]!, status: 'RUNNING' }] }),
      'GET /supplier/list': () => ok({ records: [], total: 0, size: 20, current: 1, pages: 0 }),
      'POST /srm/auction/lot/ban': () => ok(null, '已禁止该供应商出价'),
    }, BUYER);
    renderWithProviders(<AuctionListPage />, { route: '/srm/auction', store: createSessionStore(http) });
    fireEvent.click(await screen.findByTestId(`auction-open-${ROW.code}`));
    fireEvent.click(await screen.findByRole('tab', { name: /供应商/ }));
    fireEvent.click(await screen.findByTestId('auction-ban-s1'));
    fireEvent.change(await screen.findByLabelText('禁止原因'), { target: { value: '串通报价' } });
    fireEvent.click(screen.getByRole('button', { name: /确定禁止/ }));
    await waitFor(() => expect(server.calls('POST /srm/auction/lot/ban')).toHaveLength(1));
    expect(server.calls('POST /srm/auction/lot/ban')[0]!.body).toEqual({ lotId: 'lot1', supplierId: 's1', reason: '串通报价' });
  });
});

const MY: MyLotRow = {
  eventId: 'e1', code: ROW.code, title: ROW.title, eventStatus: 'PUBLISHED', currency: 'CNY', participationStatus: 'ACCEPTED', lotId: 'lot1', lotName: ROW.title, status: 'SCHEDULED', currentEndAt: RULES.endAt, extensionsUsed: 0,
  rules: { biddingTarget: 'LOT_TOTAL', startPrice: '30000', decrementMode: 'PERCENT', decrementValue: '1', bidRule: 'BEAT_BEST', tieRule: 'NO_TIES', maxBidsPerSupplier: null, confirmDropPct: '20', startAt: RULES.startAt, endAt: RULES.endAt, overtimeEnabled: true, overtimeWindowMin: 5, overtimeExtendMin: 5, maxExtensions: 2, supplierView: 'RANK_ONLY', pricePrecision: 2 },
  lines: [{ id: 'l1', lineNo: 1, materialName: 'M-002', spec: null, qty: '200', unit: '箱' }],
};

describe('我的竞价 (domain §12, supplier)', () => {
  afterEach(() => {
    vi.unstubAllGlobals();
    streams.length = 0;
  });

  it('§12.4 / AUC-4 / AUC-8: the stream drives the screen; a refusal shows the server message; a large drop asks to confirm and re-sends with confirmed', async () => {
    let calls = 0;
    const server = stub({
      'GET /srm/auction/supplier/lot/list': () => ok([MY]),
      'POST /srm/auction/supplier/bid': (r) => {
        calls += 1;
        const body = r.body as { price: string; confirmed?: boolean };
        if (body.price === '30500') return fail(200, '报价不能高于起拍价', 500, { reason: 'ABOVE_START', limit: '30000' });
        if (body.price === '20000' && !body.confirmed) return fail(200, '报价远低于当前最低价，请确认后再提交', 500, { reason: 'NEEDS_CONFIRMATION', limit: null });
        return ok({ price: `${body.price}.00`, receivedAt: '2026-11-25T02:06:00.000Z', rank: 1, extendedEndAt: null, duplicate: false }, '出价成功');
      },
    }, ['srm:sourcing:supplier']);
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
    const [, second, third] = server.calls('POST /srm/auction/supplier/bid').map((c) => c.body as { price: string; confirmed?: boolean; clientRequestId: string });
    expect(second).toMatchObject({ lotId: 'lot1', price: '20000' });
    expect(second!.confirmed).toBeUndefined();
    expect(third).toMatchObject({ lotId: 'lot1', price: '20000', confirmed: true, clientRequestId: second!.clientRequestId });
    push(bidderView({ ownRank: 1, ownPrice: '20000.00', ownBids: [{ no: 1, price: '20000.00', receivedAt: '2026-11-25T02:06:00.000Z', status: 'ACCEPTED' }] }));
    expect(screen.getByTestId('auction-my-rank').textContent).toBe('1');
    push(bidderView({ ownRank: 2, ownPrice: '20000.00', currentEndAt: '2026-11-25T02:35:00.000Z', extensionsUsed: 1 }));
    expect(screen.getByTestId('auction-my-rank').textContent).toBe('2');
    expect(screen.getByTestId('auction-extensions').textContent).toBe('1 / 2');
    expect(screen.getByTestId('auction-end-at').textContent).toBe('2026-11-25 10:35:00');
  });

  it('BEST_PRICE / TRAFFIC_LIGHT views show only what they allow; an invitation is accepted first', async () => {
    const server = stub({
      'GET /srm/auction/supplier/lot/list': () => ok([{ ...MY, participationStatus: 'INVITED' }, { ...MY, code: 'AUC-2', lotId: 'lot2', rules: { ...MY.rules, supplierView: 'TRAFFIC_LIGHT' } }]),
      'POST /srm/sourcing/supplier/event/accept': () => ok(null, '已接受邀请'),
    }, ['srm:sourcing:supplier']);
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

describe('rule block check (§12.1)', () => {
  it('refuses a missing start price, a reserve above the start, a 100% step and an end before the start', () => {
    expect(ruleErrors({ ...DEFAULT_RULES, startPrice: '', startAt: '2026-11-25T02:00:00Z', endAt: '2026-11-25T03:00:00Z' })).toEqual(['起拍价须为大于0的数字']);
    expect(ruleErrors({ ...DEFAULT_RULES, startPrice: '100', reservePrice: '120', decrementValue: '100', startAt: '2026-11-25T03:00:00Z', endAt: '2026-11-25T02:00:00Z' })).toEqual(['保留价不能高于起拍价', '最小降价幅度百分比必须小于100', '竞价结束时间必须晚于开始时间']);
    expect(ruleErrors({ ...DEFAULT_RULES, startPrice: '100.123', startAt: '2026-11-25T02:00:00Z', endAt: '2026-11-25T03:00:00Z' })).toEqual(['起拍价最多2位小数']);
    expect(ruleErrors({ ...DEFAULT_RULES, startPrice: '30000', startAt: '2026-11-25T02:00:00Z', endAt: '2026-11-25T03:00:00Z' })).toEqual([]);
  });
});

describe('the live channel (fetch-read SSE, Last-Event-ID, polling fallback)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('reads lot frames, falls back to polling when the stream ends, and reconnects naming the last event', async () => {
    const { openLotStream, parseFrames } = await vi.importActual<typeof import('./auction-stream')>('./auction-stream');
    expect(parseFrames('retry: 3000\n\nid: 3\nevent: lot\ndata: {"a":1}\n\n: ping\n\nid: 4\nevent: lot\ndata: {"a"')).toEqual({ frames: [{ id: '3', event: 'lot', data: '{"a":1}' }], rest: 'id: 4\nevent: lot\ndata: {"a"' });
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
            controller.enqueue(encoder.encode(`id: ${first ? 7 : 8}\nevent: lot\ndata: ${JSON.stringify(bidderView({ ownRank: first ? 1 : 2 }))}\n\n`));
            if (first) controller.close();
          },
        });
        return new Response(body, { status: 200, headers: { 'Content-Type': 'text/event-stream; charset=utf-8' } });
      }
      return new Response(JSON.stringify({ success: true, code: 200, message: '', result: bidderView({ ownRank: 5 }), timestamp: 0 }), { status: 200, headers: { 'Content-Type': 'application/json' } });
    });
    vi.stubGlobal('fetch', fetchStub);
    const views: LotView[] = [];
    const modes: string[] = [];
    const stop = openLotStream('lot1', 'BIDDER', (v) => views.push(v), (m) => modes.push(m), { retryMs: 50, pollMs: 10_000 });
    await waitFor(() => expect(requests.filter((r) => r.url.includes('/srm/auction/stream'))).toHaveLength(2));
    await waitFor(() => expect((views.at(-1) as BidderView).ownRank).toBe(2));
    stop();
    const [first, second] = requests.filter((r) => r.url.includes('/srm/auction/stream'));
    expect(first!.url).toContain('lotId=lot1');
    expect(first!.headers['X-Access-Token']).toBe('tok');
    expect(first!.headers['Last-Event-ID']).toBeUndefined();
    expect(second!.headers['Last-Event-ID']).toBe('7');
    // Between the two connections the view was polled from the bidder's view route.
    expect(requests.some((r) => r.url.includes('/srm/auction/supplier/lot/view') && r.url.includes('lotId=lot1'))).toBe(true);
    expect(views.map((v) => (v as BidderView).ownRank)).toEqual([1, 5, 2]);
    expect(modes).toEqual(['connecting', 'live', 'polling', 'live']);
  });
});
