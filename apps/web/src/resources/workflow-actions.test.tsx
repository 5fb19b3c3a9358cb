import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { contractWorkflow, defineWorkflow } from '@procura/shared';
import { createSessionStore } from '../lib/auth-store';
import { http } from '../lib/http';
import { persistedSession } from '../lib/session-persistence';
import { fakeServer, ok } from '../test/fake-server';
import { renderWithProviders } from '../test/render';
import type { RowAction } from './resource-types';
import { workflowActions } from './workflow-actions';

const doc = defineWorkflow({
  docType: 'TEST_DOC',
  label: '测试单',
  permission: 'testDoc',
  states: {
    DRAFT: { text: '草稿', color: 'default', terminal: false },
    SENT: { text: '已发送', color: 'processing', terminal: false },
    REJECTED: { text: '已退回', color: 'red', terminal: true },
    DONE: { text: '已完成', color: 'success', terminal: true },
  },
  transitions: {
    send: {
      from: ['DRAFT'],
      to: 'SENT',
      side: 'INTERNAL',
      label: '发送',
      confirm: '确定发送吗？',
      refusal: '只有草稿可以发送',
      done: '已发送',
    },
    reject: {
      from: ['SENT'],
      to: 'REJECTED',
      side: 'SUPPLIER',
      label: '退回',
      logText: '供应商退回',
      reason: true,
      reasonLabel: '退回原因',
      refusal: '只有已发送的可以退回',
      done: '已退回',
    },
    expire: { from: ['DRAFT', 'SENT'], to: 'DONE', side: 'SYSTEM', refusal: '已结束', done: '已过期' },
  },
});
const actions = workflowActions(doc, { path: '/test/doc', key: 'doc' });
const byKey = (key: string) => actions.find((a) => a.key === key)!;
const record = { id: 'd1', code: 'DOC-1', status: 'SENT' };

function renderPanel(action: RowAction, routes: Parameters<typeof fakeServer>[0]) {
  if (!('Panel' in action)) throw new Error('no panel');
  persistedSession.setToken('tok');
  const server = fakeServer(routes);
  vi.stubGlobal('fetch', server.fetch);
  const onDone = vi.fn();
  const { Panel } = action;
  renderWithProviders(<Panel record={record} open onClose={() => {}} onDone={onDone} />, {
    store: createSessionStore(http),
  });
  return { server, onDone };
}

describe('workflowActions', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('one action per user transition, by state and code, with the confirmation; the log last', () => {
    expect(actions.map((a) => `${a.key}:${a.label}:${a.permission}`)).toEqual([
      'doc-send:发送:testDoc:send',
      'doc-reject:退回:testDoc:reject',
      'doc-log:状态日志:testDoc:list',
    ]);
    const send = byKey('doc-send');
    expect(send.visible?.({ id: 'x', status: 'DRAFT' })).toBe(true);
    expect(send.visible?.({ id: 'x', status: 'SENT' })).toBe(false);
    expect('confirm' in send && send.confirm).toBe('确定发送吗？');
    expect(byKey('doc-reject').visible?.({ id: 'x', status: 'SENT' })).toBe(true);
    expect('Panel' in byKey('doc-reject')).toBe(true);
  });

  it('a transition needing a reason asks for it, then posts it', async () => {
    const { server, onDone } = renderPanel(byKey('doc-reject'), { 'POST /test/doc/reject': () => ok(null, '已退回') });
    fireEvent.click(await screen.findByTestId('doc-reject-submit'));
    expect(await screen.findByText('请填写退回原因')).toBeTruthy();
    expect(server.calls('POST /test/doc/reject')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('doc-reject-reason'), { target: { value: '规格不符' } });
    fireEvent.click(screen.getByTestId('doc-reject-submit'));
    await waitFor(() => expect(server.calls('POST /test/doc/reject')).toHaveLength(1));
    expect(server.calls('POST /test/doc/reject')[0]!.body).toEqual({ id: 'd1', reason: '规格不符' });
    await waitFor(() => expect(onDone).toHaveBeenCalled());
  });

  it('the status log as a timeline: who, what, why, from and to', async () => {
    renderPanel(byKey('doc-log'), {
      'GET /test/doc/logs': () =>
        ok([
          {
            id: 'l1',
            action: 'send',
            fromStatus: 'DRAFT',
            toStatus: 'SENT',
            actorName: '采购员李娜',
            actorKind: 'INTERNAL',
            reason: null,
            at: '2026-12-01 09:00:00',
          },
          {
            id: 'l2',
            action: 'reject',
            fromStatus: 'SENT',
            toStatus: 'REJECTED',
            actorName: '华东精密',
            actorKind: 'SUPPLIER',
            reason: '规格不符',
            at: '2026-12-01 10:00:00',
          },
        ]),
    });
    const log = within(await screen.findByTestId('doc-log'));
    expect(log.getByText('2026-12-01 09:00:00 采购员李娜 发送', { exact: false })).toBeTruthy();
    expect(log.getByText('2026-12-01 10:00:00 华东精密（供应商） 供应商退回：规格不符', { exact: false })).toBeTruthy();
    expect(log.getByText('已发送 → 已退回')).toBeTruthy();
  });
  it('CON-6: an amendment’s first row is named in words (创建变更版本), not by its code', async () => {
    const log = workflowActions(contractWorkflow, { path: '/srm/contract', key: 'contract' }).find(
      (a) => a.key === 'contract-log',
    )!;
    renderPanel(log, {
      'GET /srm/contract/logs': () =>
        ok([
          {
            id: 'l1',
            action: 'amend',
            fromStatus: null,
            toStatus: 'DRAFT',
            actorName: '采购员王敏',
            actorKind: 'INTERNAL',
            reason: '增加数量',
            at: '2026-12-02 09:00:00',
          },
        ]),
    });
    const timeline = within(await screen.findByTestId('contract-log'));
    expect(timeline.getByText('2026-12-02 09:00:00 采购员王敏 创建变更版本：增加数量', { exact: false })).toBeTruthy();
    expect(timeline.queryByText(/amend/)).toBeNull();
  });
});
