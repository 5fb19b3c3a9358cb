import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { fakeServer, ok } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import { ApprovalListPage, type ApprovalListKind } from './approval-list-page';
import type { ApprovalRow } from './approval-api';

const ROW: ApprovalRow = {
  id: 'i1',
  docType: 'MATERIAL_ACTIVATION',
  docType_dictText: '物料启用',
  docId: 'm1',
  title: '物料启用：MAT-20261122-0001 六角螺栓',
  amount: null,
  status: 'RUNNING',
  status_dictText: '审批中',
  submittedBy: 'u2',
  submittedBy_dictText: '采购员王敏',
  submittedAt: '2026-11-22 10:00:00',
  finishedAt: null,
  currentStep: 0,
  openPage: '/base/material',
  taskId: 't1',
  stepName: '管理员审批',
};
const page = (records: ApprovalRow[]) => ok({ records, total: records.length, size: 10, current: 1, pages: 1 });

function setup(kind: ApprovalListKind, detail: Record<string, unknown> = {}, row: ApprovalRow = ROW) {
  persistedSession.setToken('tok');
  const server = fakeServer({
    [`GET /approval/${kind}/list`]: () => page([row]),
    'POST /approval/task/approve': () => ok(null, '已同意'),
    'POST /approval/task/reject': () => ok(null, '已驳回'),
    'POST /approval/instance/withdraw': () => ok(null, '已撤回'),
    'GET /approval/instance/queryById': () =>
      ok({
        ...row,
        steps: [{ name: '管理员审批', minAmount: null, approverType: 'ROLE', approverId: 'admin' }],
        ccUsers: [],
        tasks: [],
        history: [
          {
            id: 'h1',
            step: null,
            action: 'SUBMIT',
            actorId_dictText: '采购员王敏',
            comment: null,
            at: '2026-11-22 10:00:00',
          },
        ],
        ...detail,
      }),
  });
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(<ApprovalListPage kind={kind} />, {
    route: `/approval/${kind}`,
    store: createSessionStore(http),
  });
  return server;
}

describe('审批中心 (X-10)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('我的待办: 同意 asks in a dialog, sends the task and comment, and reloads', async () => {
    const server = setup('todo');
    expect(await screen.findByText(ROW.title)).toBeTruthy();
    expect(screen.getByText('管理员审批')).toBeTruthy();
    fireEvent.click(screen.getByTestId('approval-approve'));
    fireEvent.change(await screen.findByTestId('approval-comment'), { target: { value: '同意启用' } });
    expect(server.calls('POST /approval/task/approve')).toHaveLength(0);
    fireEvent.click(screen.getByTestId('approval-decision-ok'));
    await waitFor(() =>
      expect(server.calls('POST /approval/task/approve')[0]?.body).toEqual({ taskId: 't1', comment: '同意启用' }),
    );
    await waitFor(() => expect(server.calls('GET /approval/todo/list')).toHaveLength(2));
  });

  it('我的待办: 驳回 needs a comment before anything is sent', async () => {
    const server = setup('todo');
    await screen.findByText(ROW.title);
    fireEvent.click(screen.getByTestId('approval-reject'));
    fireEvent.click(await screen.findByTestId('approval-decision-ok'));
    expect(await screen.findByText('请填写驳回意见')).toBeTruthy();
    expect(server.calls('POST /approval/task/reject')).toHaveLength(0);
    fireEvent.change(screen.getByTestId('approval-comment'), { target: { value: '规格不全' } });
    fireEvent.click(screen.getByTestId('approval-decision-ok'));
    await waitFor(() =>
      expect(server.calls('POST /approval/task/reject')[0]?.body).toEqual({ taskId: 't1', comment: '规格不全' }),
    );
  });

  it('我的申请: a running application is withdrawn after a confirmation; no decisions offered', async () => {
    const server = setup('mine');
    await screen.findByText(ROW.title);
    expect(screen.queryByTestId('approval-approve')).toBeNull();
    fireEvent.click(screen.getByTestId('approval-withdraw'));
    expect(await screen.findByText('确定撤回该申请吗？')).toBeTruthy();
    expect(server.calls('POST /approval/instance/withdraw')).toHaveLength(0);
    fireEvent.click(screen.getByRole('button', { name: /确\s*定/ }));
    await waitFor(() =>
      expect(server.calls('POST /approval/instance/withdraw')[0]?.body).toEqual({ instanceId: 'i1' }),
    );
  });

  it('详情 shows the steps and the history', async () => {
    setup('cc');
    await screen.findByText(ROW.title);
    expect(screen.queryByTestId('approval-withdraw')).toBeNull();
    fireEvent.click(screen.getByTestId('approval-view'));
    const detail = await screen.findByTestId('approval-detail');
    expect(detail.textContent).toContain('管理员审批');
    expect(detail.textContent).toContain('采购员王敏');
    expect(detail.textContent).toContain('提交');
  });

  it('详情 of a bank-account change shows the old and new values, the evidence, and decides from there', async () => {
    const change: ApprovalRow = {
      ...ROW,
      docType: 'SUPPLIER_CHANGE',
      docType_dictText: '供应商变更',
      title: '供应商变更：华东精密机械有限公司（CR-20261203-0001）',
      openPage: '/srm/supplier/change',
    };
    const changes = [
      {
        section: 'BANK',
        field: 'bankAccountNo',
        label: '银行账号',
        oldValue: '6222000011112222',
        newValue: '6214830099990000',
      },
    ];
    const server = setup(
      'todo',
      {
        myTaskId: 't1',
        document: {
          fields: [{ label: '变更原因', value: '基本户迁移', span: 2 }],
          tables: [{ title: '变更内容', columns: [{ key: 'label', title: '字段' }], rows: [{ label: '银行账号' }] }],
          files: [{ label: '证明材料', paths: 'evidence/bank-letter.pdf' }],
          panel: { kind: 'supplierChange', data: { changes } },
        },
      },
      change,
    );
    await screen.findByText(change.title);
    fireEvent.click(screen.getByTestId('approval-view'));
    const doc = await screen.findByTestId('approval-document');
    expect(doc.textContent).toContain('基本户迁移');
    expect(doc.textContent).toContain('6222000011112222');
    expect(doc.textContent).toContain('6214830099990000');
    expect(doc.textContent).toContain('bank-letter.pdf');
    expect(await screen.findByTestId('approval-detail-reject')).toBeTruthy();
    fireEvent.click(screen.getByTestId('approval-detail-approve'));
    fireEvent.change(await screen.findByTestId('approval-comment'), { target: { value: '开户证明无误' } });
    fireEvent.click(screen.getByTestId('approval-decision-ok'));
    await waitFor(() =>
      expect(server.calls('POST /approval/task/approve')[0]?.body).toEqual({ taskId: 't1', comment: '开户证明无误' }),
    );
    // The detail is read again after the decision.
    await waitFor(() => expect(server.calls('GET /approval/instance/queryById')).toHaveLength(2));
  });

  it('详情 offers no decision to someone who holds no task, and a type without a panel shows its fields and tables', async () => {
    setup('cc', {
      myTaskId: null,
      document: {
        fields: [{ label: '物料名称', value: '六角螺栓' }],
        tables: [{ title: '规格', columns: [{ key: 'spec', title: '规格型号' }], rows: [{ spec: 'M8×30' }] }],
        files: [],
      },
    });
    await screen.findByText(ROW.title);
    fireEvent.click(screen.getByTestId('approval-view'));
    const doc = await screen.findByTestId('approval-document');
    expect(doc.textContent).toContain('六角螺栓');
    expect(doc.textContent).toContain('M8×30');
    expect(screen.queryByTestId('approval-detail-approve')).toBeNull();
  });
});
