import { createElement } from 'react';
import {
  announcementResource,
  checkRuleResource,
  dictResource,
  permissionCode,
  portalNewsResource,
  portalPurchaseAnnouncementResource,
  portalResultAnnouncementResource,
  reportHeadResource,
  roleResource,
} from '@procura/shared';
import { UserSelect } from '../components/user-select';
import { getAction, postAction } from '../lib/http';
import { CheckRuleTestModal } from './check-rule-test-modal';
import { DictItemsDrawer } from './dict-items-drawer';
import { PortalWithdrawModal } from './portal-withdraw-modal';
import { ReportItemsDrawer, ReportParamsDrawer, ReportPreviewModal } from './report-panels';
import type { ResourceOverride } from './resource-types';
import { RolePermissionDrawer } from './role-permission-drawer';
import { materialOverrides } from '../pages/srm/material-overrides';
import { sampleOverrides } from '../pages/srm/sample-overrides';
import { contractOverrides } from '../pages/srm/contract-overrides';
import { purchaseOrderOverrides } from '../pages/srm/purchase-order-overrides';
import { quotaOverrides } from '../pages/srm/quota/quota-overrides';
import { requisitionOverrides } from '../pages/srm/requisition/requisition-overrides';
import { sourceListOverrides } from '../pages/srm/source-list-overrides';
import { supplierChangeOverrides } from '../pages/supplier/change-overrides';
import { evaluationOverrides } from '../pages/evaluation/eval-overrides';
import { questionnaireOverrides } from '../pages/questionnaire/questionnaire-overrides';

/** Where a resource's page needs more than its definition gives, by resource key. */
export const resourceOverrides: Readonly<Record<string, ResourceOverride>> = {
  ...materialOverrides,
  ...sampleOverrides,
  ...contractOverrides,
  ...purchaseOrderOverrides,
  ...quotaOverrides,
  ...requisitionOverrides,
  ...sourceListOverrides,
  ...supplierChangeOverrides,
  [checkRuleResource.key]: {
    rowActions: [{ key: 'checkRuleTest', label: '测试', Panel: CheckRuleTestModal }],
  },
  [dictResource.key]: {
    rowActions: [
      { key: 'dictItems', label: '字典配置', permission: permissionCode(dictResource, 'list'), Panel: DictItemsDrawer },
    ],
  },
  [announcementResource.key]: {
    rowActions: [
      // A draft or a revoked notice can be published; a published one revoked (send_status 0 / 1 / 2).
      {
        key: 'release',
        label: '发布',
        permission: permissionCode(announcementResource, 'edit'),
        visible: (r) => r.sendStatus !== '1',
        confirm: '确定发布吗？发布后通告对象将收到此通告',
        run: (r) => getAction('/sys/annountCement/doReleaseData', { id: r.id }),
      },
      {
        key: 'revoke',
        label: '撤销',
        permission: permissionCode(announcementResource, 'edit'),
        visible: (r) => r.sendStatus === '1',
        confirm: '确定撤销吗？',
        run: (r) => getAction('/sys/annountCement/doReovkeData', { id: r.id }),
      },
    ],
    formControls: { userIds: (_field, disabled) => createElement(UserSelect, { disabled }) },
  },
  // Portal records (domain §23): draft → published → closed; 撤回 takes a reason. The server refuses out-of-turn commands.
  [portalPurchaseAnnouncementResource.key]: {
    rowActions: [
      {
        key: 'portalPublish',
        label: '发布',
        permission: permissionCode(portalPurchaseAnnouncementResource, 'edit'),
        visible: (r) => r.status === 'draft',
        confirm: '确定发布吗？发布后公告将在门户公开',
        run: (r) => postAction('/portal/purchaseAnnouncement/publish', { id: r.id }),
      },
      {
        key: 'portalClose',
        label: '关闭',
        permission: permissionCode(portalPurchaseAnnouncementResource, 'edit'),
        visible: (r) => r.status === 'published',
        confirm: '确定关闭吗？关闭后门户显示为已结束，不再接受报名',
        run: (r) => postAction('/portal/purchaseAnnouncement/close', { id: r.id }),
      },
      {
        key: 'portalWithdraw',
        label: '撤回',
        permission: permissionCode(portalPurchaseAnnouncementResource, 'edit'),
        visible: (r) => r.status === 'published' || r.status === 'closed',
        Panel: PortalWithdrawModal,
      },
    ],
  },
  [portalResultAnnouncementResource.key]: {
    rowActions: [
      {
        key: 'portalPublish',
        label: '发布',
        permission: permissionCode(portalResultAnnouncementResource, 'edit'),
        visible: (r) => r.status !== 'published',
        confirm: '确定发布吗？发布后结果将在门户公示',
        run: (r) => postAction('/portal/resultAnnouncement/publish', { id: r.id }),
      },
      {
        key: 'portalWithdraw',
        label: '撤回',
        permission: permissionCode(portalResultAnnouncementResource, 'edit'),
        visible: (r) => r.status === 'published',
        confirm: '确定撤回吗？撤回后结果将从门户下线',
        run: (r) => postAction('/portal/resultAnnouncement/withdraw', { id: r.id }),
      },
    ],
  },
  [portalNewsResource.key]: {
    rowActions: [
      {
        key: 'portalPublish',
        label: '发布',
        permission: permissionCode(portalNewsResource, 'edit'),
        visible: (r) => r.status !== 'published',
        confirm: '确定发布吗？',
        run: (r) => postAction('/portal/news/publish', { id: r.id }),
      },
      {
        key: 'portalWithdraw',
        label: '撤回',
        permission: permissionCode(portalNewsResource, 'edit'),
        visible: (r) => r.status === 'published',
        confirm: '确定撤回吗？撤回后新闻回到草稿',
        run: (r) => postAction('/portal/news/withdraw', { id: r.id }),
      },
    ],
  },
  // 在线报表: its columns and parameters, and a preview in the report popup users get.
  [reportHeadResource.key]: {
    rowActions: [
      {
        key: 'reportItems',
        label: '字段',
        permission: permissionCode(reportHeadResource, 'edit'),
        Panel: ReportItemsDrawer,
      },
      {
        key: 'reportParams',
        label: '参数',
        permission: permissionCode(reportHeadResource, 'edit'),
        Panel: ReportParamsDrawer,
      },
      { key: 'reportPreview', label: '预览', permission: 'onlReport:data', Panel: ReportPreviewModal },
    ],
  },
  [roleResource.key]: {
    rowActions: [
      {
        key: 'rolePermission',
        label: '授权',
        permission: permissionCode(roleResource, 'edit'),
        Panel: RolePermissionDrawer,
      },
    ],
  },
  ...evaluationOverrides,
  ...questionnaireOverrides,
};
