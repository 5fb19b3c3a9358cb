import { fireEvent, screen, within } from '@testing-library/react';
import { requisitionResource } from '@procura/shared';
import { createSessionStore } from '../../../lib/auth-store';
import { http } from '../../../lib/http';
import { renderWithProviders } from '../../../test/render';
import { ok, type FakeHandler } from '../../../test/fake-server';
import { resourceOverrides } from '../../../resources/overrides';
import { ResourcePage } from '../../../resources/resource-page';

/** What the generic requisition page reads besides the module's routes (tests only). */
export const requisitionPageRoutes = (records: Record<string, unknown>[]): Record<string, FakeHandler> => ({
  'GET /srm/requisition/list': () => ok({ records, total: records.length, size: 10, current: 1, pages: 1 }),
  'GET /srm/requisition/statusCount': () => ok({ DRAFT: records.length }),
  'GET /srm/requisition/logs': () => ok([]),
});

/** 采购申请 as its menu opens it: the generic document page with the requisition's overrides. */
export const renderRequisitionPage = () =>
  renderWithProviders(
    <ResourcePage def={requisitionResource} override={resourceOverrides[requisitionResource.key]} />,
    { route: '/srm/requisition', store: createSessionStore(http) },
  );

/** 详情 of the row with this code: the generic detail drawer with the requisition's actions and panels. */
export async function openRequisitionDetail(code: string): Promise<HTMLElement> {
  const cell = await within(await screen.findByTestId('resource-table')).findByText(code);
  fireEvent.click(within(cell.closest('tr')!).getByText('详情'));
  return screen.findByTestId('workflow-detail');
}
