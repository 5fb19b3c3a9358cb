import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore } from '../../../lib/auth-store';
import { http } from '../../../lib/http';
import { persistedSession } from '../../../lib/session-persistence';
import { fakeServer, fail, ok, type FakeHandler } from '../../../test/fake-server';
import { renderWithProviders } from '../../../test/render';
import { BuyerClarifications, SupplierClarifications, type Clarification } from './clarification-panel';

function stub(routes: Record<string, FakeHandler>, auth: string[]) {
  persistedSession.setToken('tok');
  persistedSession.setButtonAuth(
    auth.map((action) => ({ action, type: '1' })),
    [],
  );
  const server = fakeServer(routes);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

const QUESTION: Clarification = {
  id: 'c1',
  kind: 'QUESTION',
  question: '能否接受同等品牌？',
  answer: null,
  publishedAt: null,
  affectsResponses: 0,
  createTime: '2026-11-25 10:00:00',
  askedBySupplierName: '甲轴承厂',
};
const PUBLISHED: Clarification = {
  id: 'c2',
  kind: 'CLARIFICATION',
  question: null,
  answer: '交货地点改为二号仓库',
  publishedAt: '2026-11-25 11:00:00',
  affectsResponses: 1,
  createTime: '2026-11-25 11:00:00',
};

describe('澄清 (SRC-9)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('the buyer sees who asked, answers a question to all participants, and publishes a clarification', async () => {
    const server = stub(
      {
        'GET /srm/sourcing/clarification/list': () =>
          ok({ askDeadline: '2026-12-01 17:00:00', canPublish: true, records: [QUESTION, PUBLISHED] }),
        'POST /srm/sourcing/clarification/answer': () => ok(null, '答复已发布给全部参与供应商'),
        'POST /srm/sourcing/clarification/publish': () => fail(200, '当前状态不能发布澄清', 500),
      },
      ['srm:sourcing:list', 'srm:sourcing:clarify'],
    );
    renderWithProviders(<BuyerClarifications eventId="e1" />, {
      route: '/srm/sourcing',
      store: createSessionStore(http),
    });
    const panel = await screen.findByTestId('buyer-clarifications');
    expect(within(panel).getByText('提问方：甲轴承厂（仅采购方可见）')).toBeTruthy();
    expect(within(panel).getByText('待答复')).toBeTruthy();
    expect(within(screen.getAllByTestId('clarification-item')[1]!).getByText('影响报价')).toBeTruthy();
    // An empty answer is not sent.
    fireEvent.click(within(panel).getByRole('button', { name: /^答\s*复$/ }));
    expect(await within(panel).findByText('答复：能否接受同等品牌？')).toBeTruthy();
    fireEvent.click(screen.getByTestId('clarification-send'));
    expect(await screen.findByText('请填写答复')).toBeTruthy();
    expect(server.calls('POST /srm/sourcing/clarification/answer')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('clarification-text'), { target: { value: '可以，须写明品牌' } });
    fireEvent.click(screen.getByRole('checkbox', { name: '影响报价' }));
    fireEvent.click(screen.getByTestId('clarification-send'));
    await waitFor(() => expect(server.calls('POST /srm/sourcing/clarification/answer')).toHaveLength(1));
    expect(server.calls('POST /srm/sourcing/clarification/answer')[0]!.body).toEqual({
      id: 'c1',
      answer: '可以，须写明品牌',
      affectsResponses: true,
    });
    expect(await screen.findByText('答复已发布给全部参与供应商')).toBeTruthy();
    // A refusal is shown as the server words it.
    fireEvent.change(screen.getByTestId('clarification-text'), { target: { value: '补充说明' } });
    fireEvent.click(screen.getByTestId('clarification-send'));
    expect(await screen.findByText('当前状态不能发布澄清')).toBeTruthy();
    expect(server.calls('POST /srm/sourcing/clarification/publish')[0]!.body).toEqual({
      eventId: 'e1',
      answer: '补充说明',
      affectsResponses: false,
    });
  });

  it('a buyer without srm:sourcing:clarify only reads', async () => {
    stub(
      {
        'GET /srm/sourcing/clarification/list': () => ok({ askDeadline: null, canPublish: true, records: [QUESTION] }),
      },
      ['srm:sourcing:list'],
    );
    renderWithProviders(<BuyerClarifications eventId="e1" />, {
      route: '/srm/sourcing',
      store: createSessionStore(http),
    });
    expect(await screen.findByText('问：能否接受同等品牌？')).toBeTruthy();
    expect(screen.queryByTestId('clarification-send')).toBeNull();
    expect(screen.queryByRole('button', { name: /^答\s*复$/ })).toBeNull();
  });

  it('the supplier reads published clarifications without the asker and asks a question until the deadline', async () => {
    const server = stub(
      {
        'GET /srm/sourcing/supplier/clarification/list': () =>
          ok({
            askDeadline: '2026-12-01 17:00:00',
            canAsk: true,
            records: [{ ...PUBLISHED }, { ...QUESTION, askedBySupplierName: undefined, mine: true }],
          }),
        'POST /srm/sourcing/supplier/clarification/ask': () =>
          ok({ id: 'c3' }, '问题已提交，答复将发布给全部参与供应商'),
      },
      ['srm:sourcing:supplier'],
    );
    renderWithProviders(<SupplierClarifications eventId="e1" />, {
      route: '/srm/my-sourcing',
      store: createSessionStore(http),
    });
    const panel = await screen.findByTestId('supplier-clarifications');
    expect(within(panel).getByText('交货地点改为二号仓库')).toBeTruthy();
    expect(within(panel).getByText('我的提问')).toBeTruthy();
    expect(within(panel).queryByText(/提问方：/)).toBeNull();
    expect(within(panel).queryByText(/甲轴承厂/)).toBeNull();
    fireEvent.click(screen.getByTestId('clarification-ask'));
    expect(await screen.findByText('请填写问题')).toBeTruthy();
    fireEvent.change(screen.getByTestId('clarification-question'), { target: { value: '第2行交期能否延后一周？' } });
    fireEvent.click(screen.getByTestId('clarification-ask'));
    await waitFor(() => expect(server.calls('POST /srm/sourcing/supplier/clarification/ask')).toHaveLength(1));
    expect(server.calls('POST /srm/sourcing/supplier/clarification/ask')[0]!.body).toEqual({
      eventId: 'e1',
      question: '第2行交期能否延后一周？',
    });
  });

  it('after the deadline the supplier cannot ask', async () => {
    stub(
      {
        'GET /srm/sourcing/supplier/clarification/list': () =>
          ok({ askDeadline: '2026-12-01 17:00:00', canAsk: false, records: [] }),
      },
      ['srm:sourcing:supplier'],
    );
    renderWithProviders(<SupplierClarifications eventId="e1" />, {
      route: '/srm/my-sourcing',
      store: createSessionStore(http),
    });
    expect(await screen.findByText('提问已截止或当前不能提问（截止时间：2026-12-01 17:00:00）')).toBeTruthy();
    expect(screen.queryByTestId('clarification-ask')).toBeNull();
  });
});
