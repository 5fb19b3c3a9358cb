import { expect, vi } from 'vitest';
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { persistedSession } from '../../../lib/session-persistence';
import { fakeServer, type FakeHandler } from '../../../test/fake-server';
import type { TenderDetail, TenderRow } from './tender-api';

/** Wire data and helpers shared by the buyer's tender page tests (no product code). */
export const ROW: TenderRow = {
  id: 't1',
  code: 'TND-20261125-0001',
  method: 'OPEN_TENDER',
  methodText: '公开招标',
  title: '空调设备采购招标',
  status: 'PUBLISHED',
  statusText: '已发布',
  failReason: null,
  responseDeadline: '2026-12-20 10:00:00',
  envelopeMode: 'ONE',
  legalMandatory: 1,
  publishedAt: '2026-11-25 10:00:00',
  openedAt: null,
  createTime: '2026-11-25 09:00:00',
};
export const SETTINGS: TenderDetail['settings'] = {
  qualificationMode: 'POST',
  docIssueStartAt: '2026-11-25 10:00:00',
  docIssueEndAt: '2026-12-01 10:00:00',
  docFee: null,
  bidBondAmount: null,
  bidBondDeadline: null,
  clarificationDeadline: null,
  objectionDeadline: null,
  bidValidityDays: 90,
  evaluationMethod: 'COMPREHENSIVE_SCORE',
  priceWeight: 40,
  techWeight: 50,
  businessWeight: 10,
  priceFormula: 'LOWEST_AS_BASE',
  publicityDays: 3,
  mustAwardRank1: 0,
  openingOfficerIds: ['u1', 'u2'],
  openingQuorum: 2,
  previousEventId: null,
};
export const detailOf = (status: string, extra: Partial<TenderDetail> = {}): TenderDetail => ({
  ...ROW,
  status,
  version: 1,
  currency: 'CNY',
  purchaseType: 'GOODS',
  estimatedAmount: null,
  ceilingPrice: null,
  allowWithdraw: 1,
  pricePrecision: 2,
  twoEnvelope: 0,
  contactName: null,
  contactPhone: null,
  content: null,
  remark: null,
  settings: SETTINGS,
  openingOfficers: [
    { id: 'u1', name: '管理员' },
    { id: 'u2', name: '采购员二' },
  ],
  lines: [
    {
      id: 'l1',
      lineNo: 1,
      materialId: null,
      materialCode: null,
      materialName: '多联机室外机',
      spec: null,
      qty: '2',
      unit: '台',
      needByDate: null,
    },
  ],
  participants: [],
  openingApprovals: [],
  openingRecords: [],
  ...extra,
});

/** A signed-in session with these button permissions, talking to a fake server with these routes. */
export function stub(routes: Record<string, FakeHandler>, auth: string[]) {
  persistedSession.setToken('tok');
  persistedSession.setButtonAuth(
    auth.map((action) => ({ action, type: '1' })),
    [],
  );
  const server = fakeServer(routes);
  vi.stubGlobal('fetch', server.fetch);
  return server;
}

export const BUYER = ['srm:tender:list', 'srm:tender:add', 'srm:tender:edit', 'srm:tender:publish', 'srm:tender:open'];

/** Confirms the open popconfirm whose button is named `name` (the trigger has the same name). */
export const confirmWith = async (name: RegExp) => {
  await waitFor(() => expect(screen.getAllByRole('button', { name }).length).toBeGreaterThan(1));
  fireEvent.click(screen.getAllByRole('button', { name }).at(-1)!);
};
