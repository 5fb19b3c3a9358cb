import { afterEach, describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { createSessionStore } from '../../lib/auth-store';
import { http } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { fakeServer, ok } from '../../test/fake-server';
import { renderWithProviders } from '../../test/render';
import DefinitionPage from './definition-page';
import type { DocTypeDefinition } from './approval-api';

const TYPES: DocTypeDefinition[] = [
  {
    docType: 'MATERIAL_ACTIVATION',
    label: '物料启用',
    definition: {
      id: 'd1',
      name: '物料启用审批',
      enabled: 1,
      steps: [
        { name: '主管审批', minAmount: null, approverType: 'ROLE', approverId: 'admin' },
        { name: '总监审批', minAmount: '100000', approverType: 'USER', approverId: 'u9' },
      ],
      ccUserIds: [],
      version: 3,
      updateTime: '2026-11-22 09:00:00',
      updateBy: 'admin',
    },
  },
  { docType: 'SUPPLIER_ADMISSION', label: '供应商准入', definition: null },
];

function setup(auth: string[]) {
  persistedSession.setToken('tok');
  persistedSession.setButtonAuth(
    auth.map((action) => ({ action, type: '1' })),
    [],
  );
  const server = fakeServer({
    'GET /approval/definition/list': () => ok(TYPES),
    'GET /approval/approverOptions': () =>
      ok({
        users: [{ id: 'u9', username: 'director', realname: '总监赵' }],
        roles: [{ roleCode: 'admin', roleName: '管理员' }],
      }),
    'POST /approval/definition/save': () => ok(null, '保存成功'),
  });
  vi.stubGlobal('fetch', server.fetch);
  renderWithProviders(<DefinitionPage />, { route: '/approval/definition', store: createSessionStore(http) });
  return server;
}

describe('审批配置 (decision 6, X-10)', () => {
  afterEach(() => vi.unstubAllGlobals());

  it('lists each document type with its steps and thresholds; an unconfigured one says submissions pass', async () => {
    setup(['approval:definition']);
    expect(await screen.findByText('主管审批 → 总监审批(≥100000)')).toBeTruthy();
    expect(screen.getByText('未配置（提交即通过）')).toBeTruthy();
  });

  it('saves the edited flow with its version; thresholds go as decimal strings', async () => {
    const server = setup(['approval:definition']);
    fireEvent.click(await screen.findByTestId('definition-edit-MATERIAL_ACTIVATION'));
    const step = await screen.findByTestId('definition-step-0');
    fireEvent.change(within(step).getByPlaceholderText('步骤名称'), { target: { value: '部门经理审批' } });
    fireEvent.click(screen.getByTestId('definition-save'));
    await waitFor(() => expect(server.calls('POST /approval/definition/save')).toHaveLength(1));
    expect(server.calls('POST /approval/definition/save')[0]!.body).toEqual({
      docType: 'MATERIAL_ACTIVATION',
      name: '物料启用审批',
      enabled: 1,
      steps: [
        { name: '部门经理审批', minAmount: null, approverType: 'ROLE', approverId: 'admin' },
        { name: '总监审批', minAmount: '100000', approverType: 'USER', approverId: 'u9' },
      ],
      ccUserIds: [],
      version: 3,
    });
  });

  it('offers no editing without approval:definition', async () => {
    setup([]);
    await screen.findByText('物料启用');
    expect(screen.queryByTestId('definition-edit-MATERIAL_ACTIVATION')).toBeNull();
  });
});
