import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore } from '../../../lib/auth-store';
import { http } from '../../../lib/http';
import { persistedSession } from '../../../lib/session-persistence';
import { fail, fakeServer, ok, type FakeHandler } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import MyTenderPage from './my-tender-page';
import {
  bidErrors,
  countdownText,
  wireMs,
  type MyTenderDetail,
  type MyTenderRow,
  type OpeningRecord,
} from './my-tender-api';

function stub(routes: Record<string, FakeHandler>) {
  persistedSession.setToken('tok');
  persistedSession.setButtonAuth([{ action: 'srm:sourcing:supplier', type: '1' }], []);
  const server = fakeServer({
    'GET /srm/tender/supplier/open-list': () => ok([]),
    'GET /portal/view/signUpCheck': () => ok({ refusal: null }),
    ...routes,
  });
  vi.stubGlobal('fetch', server.fetch);
  return server;
}
const render = () =>
  renderWithProviders(<MyTenderPage />, { route: '/srm/my-tender', store: createSessionStore(http) });
/** Clicks the confirm button of the open Popconfirm (its name differs from the trigger's only by being the last). */
const confirmWith = async (name: RegExp) => {
  await waitFor(() => expect(screen.getAllByRole('button', { name }).length).toBeGreaterThan(1));
  fireEvent.click(screen.getAllByRole('button', { name }).at(-1)!);
};

const ROW: MyTenderRow = {
  id: 't1',
  code: 'TND-20261125-0001',
  type: 'TENDER',
  title: '空调设备招标',
  status: 'PUBLISHED',
  statusText: '已发布',
  responseStartAt: null,
  responseDeadline: '2099-12-20 10:00:00',
  currency: 'CNY',
  participationStatus: 'APPROVED',
  myResponseStatus: null,
  myVersionNo: null,
  mySubmittedAt: null,
};
const RFQ_ROW: MyTenderRow = { ...ROW, id: 'r1', code: 'RFQ-20261125-0001', type: 'RFQ', title: '轴承询价' };
const OPEN = {
  id: 't2',
  code: 'TND-20261125-0002',
  title: '钢板公开招标',
  method: 'OPEN_TENDER',
  methodText: '公开招标',
  signupStartAt: '2026-11-20 09:00:00',
  signupDeadline: '2099-12-01 17:00:00',
  responseDeadline: '2099-12-20 10:00:00',
};
const LINES = [
  {
    id: 'l1',
    lineNo: 1,
    materialCode: 'M-001',
    materialName: '钢板',
    spec: 'Q235 10mm',
    qty: '500',
    unit: '吨',
    needByDate: null,
    deliveryPlace: null,
    remark: null,
  },
  {
    id: 'l2',
    lineNo: 2,
    materialCode: null,
    materialName: '多联机室外机',
    spec: null,
    qty: '2',
    unit: '台',
    needByDate: null,
    deliveryPlace: null,
    remark: null,
  },
];
const DETAIL: MyTenderDetail = {
  serverTime: '2099-12-18T02:00:00.000Z',
  id: 't1',
  code: ROW.code,
  title: ROW.title,
  method: 'OPEN_TENDER',
  methodText: '公开招标',
  status: 'PUBLISHED',
  statusText: '已发布',
  currency: 'CNY',
  ceilingPrice: '500000',
  twoEnvelope: 1,
  allowWithdraw: 1,
  pricePrecision: 2,
  signupDeadline: '2099-12-01 17:00:00',
  responseStartAt: '2026-11-20 09:00:00',
  responseDeadline: '2099-12-20 10:00:00',
  content: '<p>招标范围：钢板</p>',
  contactName: '王工',
  contactPhone: '021-1234',
  settings: {
    qualificationMode: 'POST',
    docIssueStartAt: '2026-11-20 09:00:00',
    docIssueEndAt: '2099-12-01 17:00:00',
    bidValidityDays: 90,
    evaluationMethod: 'COMPREHENSIVE_SCORE',
    clarificationDeadline: null,
    objectionDeadline: null,
  },
  lines: LINES,
  participation: { status: 'APPROVED', origin: 'SIGNED_UP', declineReason: null },
  bids: [],
};
const RECEIPT = {
  responseId: 'b1',
  code: 'TND-20261125-0001-01-ABCDEF',
  versionNo: 1,
  serverTime: '2099-12-18T02:00:01.000Z',
  submittedAt: '2099-12-18 10:00:01',
  payloadHash: 'c0ffee11',
  technicalHash: 'feed2222',
};
const NO_CLARIFICATIONS = () => ok({ askDeadline: '2099-12-20 10:00:00', canAsk: true, records: [] });

const openDetail = async () => {
  fireEvent.click(await screen.findByTestId(`my-tender-open-${ROW.code}`));
  return screen.findByTestId('my-tender-detail');
};
const bidTab = async () => {
  await openDetail();
  fireEvent.click(screen.getByRole('tab', { name: '投标' }));
};

describe('我的投标 list (domain §9, §11)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists only tenders (not RFQs) with status tags, and open tenders not yet joined', async () => {
    stub({
      'GET /srm/sourcing/supplier/event/list': () => ok([ROW, RFQ_ROW]),
      'GET /srm/tender/supplier/open-list': () =>
        ok([OPEN, { ...OPEN, id: 't1', code: ROW.code, title: '已报名项目' }]),
    });
    render();
    const mine = await screen.findByTestId('my-tender-table');
    expect(await within(mine).findByText(ROW.code)).toBeTruthy();
    expect(within(mine).getByText('已发布')).toBeTruthy();
    expect(within(mine).getByText('已报名')).toBeTruthy();
    expect(within(mine).queryByText(RFQ_ROW.code)).toBeNull();
    const open = screen.getByTestId('open-tender-table');
    expect(await within(open).findByText(OPEN.code)).toBeTruthy();
    // A tender the supplier already joined is not offered again.
    expect(within(open).queryByText('已报名项目')).toBeNull();
  });

  it('SRC-4: 报名 shows the server refusal on the row and stores nothing; a later success reloads the lists', async () => {
    let attempts = 0;
    const server = stub({
      'GET /srm/sourcing/supplier/event/list': () => ok([]),
      'GET /srm/tender/supplier/open-list': () => ok([OPEN]),
      'POST /srm/tender/supplier/signup': () =>
        ++attempts === 1 ? fail(200, '不在报名时间内', 500) : ok(null, '报名成功'),
    });
    render();
    fireEvent.click(await screen.findByTestId('tender-signup'));
    await confirmWith(/报\s*名/);
    expect((await screen.findByTestId('tender-signup-refusal')).textContent).toBe('不在报名时间内');
    expect(server.calls('POST /srm/tender/supplier/signup')[0]!.body).toEqual({ id: 't2' });
    const listCalls = server.calls('GET /srm/sourcing/supplier/event/list').length;
    fireEvent.click(screen.getByTestId('tender-signup'));
    await confirmWith(/报\s*名/);
    await waitFor(() =>
      expect(server.calls('GET /srm/sourcing/supplier/event/list').length).toBeGreaterThan(listCalls),
    );
    expect(screen.queryByTestId('tender-signup-refusal')).toBeNull();
  });

  it('X-15: a supplier whose admission is pending sees 报名 disabled with the reason, and nothing is sent', async () => {
    const server = stub({
      'GET /srm/sourcing/supplier/event/list': () => ok([]),
      'GET /srm/tender/supplier/open-list': () => ok([OPEN]),
      'GET /portal/view/signUpCheck': () => ok({ refusal: '供应商准入审核通过后方可报名' }),
    });
    render();
    expect((await screen.findByTestId('tender-signup-blocked')).textContent).toBe('供应商准入审核通过后方可报名');
    const button = screen.getByTestId<HTMLButtonElement>('tender-signup');
    expect(button.disabled).toBe(true);
    fireEvent.mouseEnter(button.parentElement!);
    fireEvent.click(button);
    expect(server.calls('POST /srm/tender/supplier/signup')).toHaveLength(0);
  });

  it('an invitation is accepted, or declined only with a reason', async () => {
    const server = stub({
      'GET /srm/sourcing/supplier/event/list': () => ok([{ ...ROW, participationStatus: 'INVITED' }]),
      'POST /srm/tender/supplier/accept': () => ok(null, '已接受邀请'),
      'POST /srm/tender/supplier/decline': () => ok(null, '已拒绝邀请'),
    });
    render();
    expect(await screen.findByText('待确认邀请')).toBeTruthy();
    fireEvent.click(screen.getByTestId('tender-decline'));
    fireEvent.click(await screen.findByRole('button', { name: /确定拒绝/ }));
    expect(await screen.findByText('请填写拒绝原因')).toBeTruthy();
    expect(server.calls('POST /srm/tender/supplier/decline')).toHaveLength(0);
    fireEvent.change(screen.getByPlaceholderText('拒绝原因（必填）'), { target: { value: '产能不足' } });
    fireEvent.click(screen.getByRole('button', { name: /确定拒绝/ }));
    await waitFor(() => expect(server.calls('POST /srm/tender/supplier/decline')).toHaveLength(1));
    expect(server.calls('POST /srm/tender/supplier/decline')[0]!.body).toEqual({ id: 't1', reason: '产能不足' });
    // (The stub keeps the invitation open; wait until the decline is done before accepting.)
    await waitFor(() => expect(screen.getByTestId('tender-accept').className).not.toContain('ant-btn-loading'));
    fireEvent.click(screen.getByTestId('tender-accept'));
    await confirmWith(/接\s*受/);
    await waitFor(() => expect(server.calls('POST /srm/tender/supplier/accept')).toHaveLength(1));
    expect(server.calls('POST /srm/tender/supplier/accept')[0]!.body).toEqual({ id: 't1' });
  });
});

describe('tender detail and bid (domain §11.2 steps 3–4, TND-5/6/7)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('X-1: the countdown runs on the server clock, not the browser clock', async () => {
    stub({
      'GET /srm/sourcing/supplier/event/list': () => ok([ROW]),
      'GET /srm/tender/supplier/queryById': () => ok(DETAIL),
    });
    render();
    await openDetail();
    // Deadline 2099-12-20 10:00 (GMT+8) = 02:00Z; the server says 2099-12-18 02:00Z: two days left, whatever the browser's date.
    expect((await screen.findByTestId('tender-countdown')).textContent).toMatch(
      /^剩余 (2天0小时0分0秒|1天23小时59分5\d秒)$/,
    );
    expect(screen.getByText('招标范围：钢板')).toBeTruthy();
  });

  it('refuses an incomplete bid without calling the server; then sends both envelopes and shows the receipt (server time + SHA-256)', async () => {
    const server = stub({
      'GET /srm/sourcing/supplier/event/list': () => ok([ROW]),
      'GET /srm/tender/supplier/queryById': () => ok(DETAIL),
      'POST /srm/tender/supplier/bid/submit': () => ok(RECEIPT, '投标文件已递交'),
    });
    render();
    await bidTab();
    fireEvent.change(screen.getByTestId('tender-bid-price-1'), { target: { value: '4550' } });
    fireEvent.click(screen.getByTestId('tender-bid-submit'));
    await confirmWith(/递\s*交/);
    expect((await screen.findByTestId('tender-bid-refusal')).textContent).toBe(
      '请填写技术标内容；第2行请填写单价（须对全部物料行报价）',
    );
    expect(server.calls('POST /srm/tender/supplier/bid/submit')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('tender-bid-tech'), { target: { value: '技术方案：一级能效' } });
    fireEvent.change(screen.getByTestId('tender-bid-price-2'), { target: { value: '12000.5' } });
    fireEvent.change(screen.getByLabelText('第1行交货天数'), { target: { value: '30' } });
    fireEvent.change(screen.getByLabelText('付款条件'), { target: { value: '验收后付95%' } });
    fireEvent.click(screen.getByTestId('tender-bid-submit'));
    await confirmWith(/递\s*交/);
    const receipt = await screen.findByTestId('tender-bid-receipt');
    expect(within(receipt).getByText('c0ffee11')).toBeTruthy();
    expect(within(receipt).getByText('feed2222')).toBeTruthy();
    expect(receipt.textContent).toContain('服务器时间：2099-12-18 10:00:01');
    const body = server.calls('POST /srm/tender/supplier/bid/submit')[0]!.body as Record<string, unknown>;
    expect(body).toMatchObject({
      eventId: 't1',
      technical: { text: '技术方案：一级能效', files: [] },
      commercial: {
        paymentTerms: '验收后付95%',
        lines: [
          { sourcingLineId: 'l1', unitPrice: '4550', taxRate: '13', leadTimeDays: 30 },
          { sourcingLineId: 'l2', unitPrice: '12000.5', taxRate: '13' },
        ],
      },
    });
    expect(body.clientRequestId).toMatch(/^[A-Za-z0-9_-]{8,64}$/);
  });

  it('TND-6: a refusal of the server (deadline passed) is shown and the form stays; nothing else happens', async () => {
    const server = stub({
      'GET /srm/sourcing/supplier/event/list': () => ok([ROW]),
      'GET /srm/tender/supplier/queryById': () => ok(DETAIL),
      'POST /srm/tender/supplier/bid/submit': () =>
        fail(200, '投标已截止（截止时间 2099-12-20 10:00:00），不能投标，本次提交未保存', 500),
    });
    render();
    await bidTab();
    fireEvent.change(screen.getByTestId('tender-bid-tech'), { target: { value: '方案' } });
    fireEvent.change(screen.getByTestId('tender-bid-price-1'), { target: { value: '1' } });
    fireEvent.change(screen.getByTestId('tender-bid-price-2'), { target: { value: '2' } });
    fireEvent.click(screen.getByTestId('tender-bid-submit'));
    await confirmWith(/递\s*交/);
    expect((await screen.findByTestId('tender-bid-refusal')).textContent).toBe(
      '投标已截止（截止时间 2099-12-20 10:00:00），不能投标，本次提交未保存',
    );
    expect(server.calls('POST /srm/tender/supplier/bid/submit')).toHaveLength(1);
    expect(screen.queryByTestId('tender-bid-receipt')).toBeNull();
  });

  it('TND-7: withdraw asks for confirmation when allowed', async () => {
    const bid = {
      id: 'b1',
      code: RECEIPT.code,
      versionNo: 1,
      status: 'SUBMITTED',
      submittedAt: '2099-12-18 10:00:01',
      payloadHash: 'c0ffee11',
      technicalHash: 'feed2222',
      totalAmount: null,
    };
    const server = stub({
      'GET /srm/sourcing/supplier/event/list': () => ok([ROW]),
      'GET /srm/tender/supplier/queryById': () => ok({ ...DETAIL, bids: [bid] }),
      'POST /srm/tender/supplier/bid/withdraw': () => ok(null, '投标已撤回'),
    });
    render();
    await bidTab();
    expect(screen.getByTestId('tender-bid-submit').textContent).toContain('修改投标');
    fireEvent.click(screen.getByTestId('tender-bid-withdraw'));
    expect(server.calls('POST /srm/tender/supplier/bid/withdraw')).toHaveLength(0);
    await confirmWith(/撤\s*回/);
    await waitFor(() => expect(server.calls('POST /srm/tender/supplier/bid/withdraw')).toHaveLength(1));
    expect(server.calls('POST /srm/tender/supplier/bid/withdraw')[0]!.body).toEqual({ eventId: 't1' });
  });

  it('TND-7: no withdraw button when the tender forbids withdrawal', async () => {
    const bid = {
      id: 'b1',
      code: RECEIPT.code,
      versionNo: 1,
      status: 'SUBMITTED',
      submittedAt: '2099-12-18 10:00:01',
      payloadHash: 'c0ffee11',
      technicalHash: 'feed2222',
      totalAmount: null,
    };
    stub({
      'GET /srm/sourcing/supplier/event/list': () => ok([ROW]),
      'GET /srm/tender/supplier/queryById': () => ok({ ...DETAIL, allowWithdraw: 0, bids: [bid] }),
    });
    render();
    await bidTab();
    expect(screen.getByText('不允许撤回')).toBeTruthy();
    expect(screen.queryByTestId('tender-bid-withdraw')).toBeNull();
  });

  it('after the deadline the bid form is gone (TND-6)', async () => {
    stub({
      'GET /srm/sourcing/supplier/event/list': () => ok([{ ...ROW, status: 'OPENED' }]),
      'GET /srm/tender/supplier/queryById': () => ok({ ...DETAIL, status: 'OPENED' }),
      'GET /srm/tender/supplier/opening-record': () => ok([]),
    });
    render();
    await bidTab();
    expect(screen.getByText(/投标已截止，投标文件不能再递交/)).toBeTruthy();
    expect(screen.queryByTestId('tender-bid-submit')).toBeNull();
  });
});

describe('after opening (TND-10, SRC-9, TND-18)', () => {
  afterEach(() => vi.unstubAllGlobals());
  const RECORD: OpeningRecord = {
    id: 'rec1',
    envelope: 'SINGLE',
    openedAt: '2099-12-20 10:05:00',
    openedBy: '管理员、采购员二',
    myConfirmation: null,
    entries: [
      {
        supplierName: '华东精密机械有限公司',
        responseCode: 'X-01',
        submittedAt: '2099-12-18 10:00:01',
        totalAmount: '2299000.00',
        deliveryDays: 30,
        paymentTerms: '验收后付95%',
        validUntil: '2100-03-20',
        technicalFileCount: 1,
      },
      {
        supplierName: '乙公司',
        responseCode: 'X-02',
        submittedAt: '2099-12-18 11:00:00',
        totalAmount: '2350000.00',
        deliveryDays: 45,
        paymentTerms: null,
        validUntil: '2100-03-20',
        technicalFileCount: 0,
      },
    ],
  };

  it('shows the opening record to the bidder; an objection needs its text; 确认 is sent', async () => {
    const server = stub({
      'GET /srm/sourcing/supplier/event/list': () => ok([{ ...ROW, status: 'OPENED' }]),
      'GET /srm/tender/supplier/queryById': () => ok({ ...DETAIL, status: 'OPENED' }),
      'GET /srm/tender/supplier/opening-record': () => ok([RECORD]),
      'POST /srm/tender/supplier/opening-record/confirm': () => ok(null, '已确认开标记录'),
    });
    render();
    await openDetail();
    fireEvent.click(screen.getByRole('tab', { name: '开标记录' }));
    const record = await screen.findByTestId('tender-opening-record');
    expect(await within(record).findByText('2350000.00')).toBeTruthy();
    expect(within(record).getByText('乙公司')).toBeTruthy();
    fireEvent.click(screen.getByTestId('tender-opening-object'));
    fireEvent.click(await screen.findByRole('button', { name: /提交异议/ }));
    expect(await screen.findByText('请填写异议内容')).toBeTruthy();
    fireEvent.change(screen.getByPlaceholderText('异议内容（必填）'), { target: { value: '我方报价录入有误' } });
    fireEvent.click(screen.getByRole('button', { name: /提交异议/ }));
    await waitFor(() => expect(server.calls('POST /srm/tender/supplier/opening-record/confirm')).toHaveLength(1));
    expect(server.calls('POST /srm/tender/supplier/opening-record/confirm')[0]!.body).toEqual({
      recordId: 'rec1',
      objection: '我方报价录入有误',
    });
    // (The stub keeps the record unconfirmed, so the buttons stay; wait until the first command is done.)
    await waitFor(() =>
      expect(screen.getByTestId('tender-opening-confirm').className).not.toContain('ant-btn-loading'),
    );
    fireEvent.click(screen.getByTestId('tender-opening-confirm'));
    await confirmWith(/确\s*认/);
    await waitFor(() => expect(server.calls('POST /srm/tender/supplier/opening-record/confirm')).toHaveLength(2));
    expect(server.calls('POST /srm/tender/supplier/opening-record/confirm')[1]!.body).toEqual({ recordId: 'rec1' });
  });

  it('a record already confirmed shows the decision instead of the buttons', async () => {
    stub({
      'GET /srm/sourcing/supplier/event/list': () => ok([{ ...ROW, status: 'OPENED' }]),
      'GET /srm/tender/supplier/queryById': () => ok({ ...DETAIL, status: 'OPENED' }),
      'GET /srm/tender/supplier/opening-record': () =>
        ok([
          {
            ...RECORD,
            myConfirmation: { recordId: 'rec1', decision: 'CONFIRMED', objection: null, at: '2099-12-20 10:10:00' },
          },
        ]),
    });
    render();
    await openDetail();
    fireEvent.click(screen.getByRole('tab', { name: '开标记录' }));
    expect((await screen.findByTestId('tender-opening-decision')).textContent).toBe('已确认（2099-12-20 10:10:00）');
    expect(screen.queryByTestId('tender-opening-confirm')).toBeNull();
  });

  it('SRC-9: clarifications list without the asker; 提问 sends the question; a closed window shows the refusal', async () => {
    const server = stub({
      'GET /srm/sourcing/supplier/event/list': () => ok([ROW]),
      'GET /srm/tender/supplier/queryById': () => ok(DETAIL),
      'GET /srm/sourcing/supplier/clarification/list': () =>
        ok({
          askDeadline: '2099-12-10 17:00:00',
          canAsk: true,
          records: [
            {
              id: 'c1',
              kind: 'QUESTION',
              question: '是否接受分批交货？',
              answer: '接受',
              publishedAt: '2099-12-05 09:00:00',
              affectsResponses: 1,
              createTime: '2099-12-04 09:00:00',
              mine: false,
            },
          ],
        }),
      'POST /srm/sourcing/supplier/clarification/ask': () =>
        fail(200, '澄清提问已截止（截止时间 2099-12-10 17:00:00），本次提问未保存', 500),
    });
    render();
    await openDetail();
    fireEvent.click(screen.getByRole('tab', { name: '澄清' }));
    const panel = await screen.findByTestId('tender-clarifications');
    expect(await within(panel).findByText('问：是否接受分批交货？')).toBeTruthy();
    expect(within(panel).getByText('影响投标')).toBeTruthy();
    fireEvent.change(screen.getByTestId('tender-question'), { target: { value: '质保期多久？' } });
    fireEvent.click(screen.getByTestId('tender-ask'));
    expect(
      await within(panel).findByText('澄清提问已截止（截止时间 2099-12-10 17:00:00），本次提问未保存'),
    ).toBeTruthy();
    expect(server.calls('POST /srm/sourcing/supplier/clarification/ask')[0]!.body).toEqual({
      eventId: 't1',
      question: '质保期多久？',
    });
  });

  it('TND-18: during publicity the candidates are shown and an objection is sent with its text', async () => {
    const server = stub({
      'GET /srm/sourcing/supplier/event/list': () => ok([{ ...ROW, status: 'PUBLICITY' }]),
      'GET /srm/tender/supplier/queryById': () => ok({ ...DETAIL, status: 'PUBLICITY' }),
      'GET /srm/tender/supplier/opening-record': () => ok([]),
      'GET /srm/sourcing/supplier/clarification/list': NO_CLARIFICATIONS,
      'GET /srm/tender/supplier/result': () =>
        ok({
          status: 'PUBLICITY',
          publicityStartAt: '2099-12-25 09:00:00',
          publicityEndAt: '2099-12-28 09:00:00',
          candidates: [
            { rank: 1, title: '第一中标候选人', supplierName: '甲公司' },
            { rank: 2, title: '第二中标候选人', supplierName: '乙公司' },
          ],
          winner: null,
          committee: null,
          objections: [],
        }),
      'POST /srm/tender/supplier/objection/add': () => ok(null, '异议已提交，定标暂停至采购人答复'),
    });
    render();
    await openDetail();
    fireEvent.click(screen.getByRole('tab', { name: '评标结果' }));
    const result = await screen.findByTestId('tender-result');
    expect(await within(result).findByText('第一中标候选人：甲公司；第二中标候选人：乙公司')).toBeTruthy();
    expect(within(result).getByText('中标候选人公示中')).toBeTruthy();
    // The trigger is 提出异议; the Popconfirm's own button is 提交.
    fireEvent.click(screen.getByTestId('tender-objection-submit'));
    fireEvent.click(await screen.findByRole('button', { name: /^提\s*交$/ }));
    expect(await screen.findByText('请填写异议内容')).toBeTruthy();
    expect(server.calls('POST /srm/tender/supplier/objection/add')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('tender-objection'), { target: { value: '第一候选人资质不符' } });
    fireEvent.click(screen.getByTestId('tender-objection-submit'));
    await waitFor(() => expect(screen.getAllByRole('button', { name: /^提\s*交$/ }).length).toBeGreaterThan(0));
    fireEvent.click(screen.getAllByRole('button', { name: /^提\s*交$/ }).at(-1)!);
    await waitFor(() => expect(server.calls('POST /srm/tender/supplier/objection/add')).toHaveLength(1));
    expect(server.calls('POST /srm/tender/supplier/objection/add')[0]!.body).toEqual({
      eventId: 't1',
      content: '第一候选人资质不符',
    });
  });
});

describe('bid form rules and countdown text', () => {
  it('SRC-7: technical text, every line priced above 0 within the precision, tax 0–100', () => {
    const line = (unitPrice: string, taxRate = '13') => ({
      sourcingLineId: 'l1',
      lineNo: 1,
      unitPrice,
      taxRate,
      leadTimeDays: null,
    });
    expect(bidErrors('', [line('')], 2)).toEqual(['请填写技术标内容', '第1行请填写单价（须对全部物料行报价）']);
    expect(bidErrors('x', [line('0')], 2)).toEqual(['第1行单价必须大于0']);
    expect(bidErrors('x', [line('1.234')], 2)).toEqual(['第1行单价最多2位小数']);
    expect(bidErrors('x', [line('1.5', '101')], 2)).toEqual(['第1行税率须在0到100之间']);
    expect(bidErrors('x', [line('1.25')], 2)).toEqual([]);
  });
  it('X-1: at the deadline itself the window is closed', () => {
    expect(countdownText(0)).toBe('已截止');
    expect(countdownText(86_400_000 + 3_661_000)).toBe('剩余 1天1小时1分1秒');
    expect(countdownText(59_000)).toBe('剩余 0小时0分59秒');
    expect(wireMs('2099-12-20 10:00:00')).toBe(Date.parse('2099-12-20T02:00:00Z'));
  });
});
