import { lazy } from 'react';
import type { ComponentType } from 'react';
import { Outlet } from 'react-router';
import { ourPageOf } from '@procura/shared';
import { resolveResourcePage } from '../resources/resource-route';

/**
 * The one map from a menu `component` string (as stored on the server) to a screen. Each
 * screen is its own lazily loaded chunk; 'layouts/RouteView' just renders its child route.
 */
export const pageRegistry: Readonly<Record<string, ComponentType>> = {
  'layouts/RouteView': Outlet,
  'dashboard/Workbench': lazy(() => import('../pages/dashboard/workbench-page')),
  'dashboard/Analysis': lazy(() => import('../pages/dashboard/analysis-page')),
  'system/UserList': lazy(() => import('../pages/system/user-list-page')),
  'system/PermissionList': lazy(() => import('../pages/system/permission-list-page')),
  'system/DepartList': lazy(() => import('../pages/system/depart-list-page')),
  'system/LogList': lazy(() => import('../pages/system/log-list-page')),
  'system/AuditChainList': lazy(() => import('../pages/system/audit-chain-page')),
  'system/OnlineUser': lazy(() => import('../pages/system/online-user-page')),
  'system/MyAnnouncementList': lazy(() => import('../pages/system/my-announcement-list-page')),
  'supplier/SupplierList': lazy(() => import('../pages/supplier/supplier-list-page')),
  'supplier/SupplierProfile': lazy(() => import('../pages/supplier/supplier-profile-page')),
  'supplier/QualificationList': lazy(() => import('../pages/supplier/qualification-list-page')),
  'supplier/MyChangeRequests': lazy(() => import('../pages/supplier/my-change-requests-page')),
  'portal/PageDesigner': lazy(() => import('../pages/portal/page-designer-page')),
  'portal/SignupList': lazy(() => import('../pages/portal/signup-list-page')),
  'approval/TodoList': lazy(() =>
    import('../pages/approval/approval-list-page').then((m) => ({ default: m.TodoListPage })),
  ),
  'approval/DoneList': lazy(() =>
    import('../pages/approval/approval-list-page').then((m) => ({ default: m.DoneListPage })),
  ),
  'approval/MyApplications': lazy(() =>
    import('../pages/approval/approval-list-page').then((m) => ({ default: m.MyApplicationsPage })),
  ),
  'approval/CcList': lazy(() =>
    import('../pages/approval/approval-list-page').then((m) => ({ default: m.CcListPage })),
  ),
  'approval/DefinitionList': lazy(() => import('../pages/approval/definition-page')),
  'srm/PurchaseSettings': lazy(() => import('../pages/srm/purchase-settings-page')),
  'srm/SourcingList': lazy(() => import('../pages/srm/sourcing/sourcing-list-page')),
  'srm/MySourcing': lazy(() => import('../pages/srm/sourcing/my-sourcing-page')),
  'srm/TenderList': lazy(() => import('../pages/srm/tender/tender-list-page')),
  'srm/MyTender': lazy(() => import('../pages/srm/my-tender/my-tender-page')),
  'srm/TenderEvaluation': lazy(() => import('../pages/srm/tender-evaluation/tender-evaluation-page')),
  'srm/AuctionList': lazy(() => import('../pages/srm/auction/auction-list-page')),
  'srm/MyAuction': lazy(() => import('../pages/srm/auction/my-auction-page')),
  'evaluation/GradeBands': lazy(() => import('../pages/evaluation/grade-bands-page')),
  'evaluation/MyEvalResults': lazy(() => import('../pages/evaluation/my-eval-results-page')),
  'questionnaire/MyQuestionnaires': lazy(() => import('../pages/questionnaire/my-questionnaires-page')),
  'questionnaire/QuestionnaireList': lazy(() => import('../pages/questionnaire/questionnaire-list-page')),
  'system/CategoryList': lazy(() => import('../pages/system/category-list-page')),
  'gallery/WidgetGallery': lazy(() => import('../pages/gallery/widget-gallery-page')),
};

/**
 * The screen of a menu component string: a registered page, or the generic page of a resource
 * (`resource/<key>`). JeecgBoot view paths (`system/RoleList`), as seeded menus store them, name
 * the same pages (JEECG_VIEWS in the shared package).
 */
export function resolvePage(stored: string): ComponentType | null {
  const component = ourPageOf(stored);
  if (Object.hasOwn(pageRegistry, component)) return pageRegistry[component] ?? null;
  return resolveResourcePage(component);
}
