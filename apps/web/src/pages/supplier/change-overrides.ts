import { createElement } from 'react';
import { supplierChangeResource } from '@procura/shared';
import type { ResourceOverride } from '../../resources/resource-types';
import { ChangeDiffPanel, ChangeDraftPanel, NewChangeRequest } from './change-panels';

/**
 * 供应商变更 (buyers) and 变更申请 (suppliers) on the generic workflow page (domain §5): the
 * sections a request touches in words, a draft's last save instead of a submission time, the
 * old and new values in the detail (the evidence files are the definition's attachments), the
 * supplier's 发起变更申请 and the change form behind 提交 on a draft; 撤回 is the definition's.
 */
export const supplierChangeOverrides: Readonly<Record<string, ResourceOverride>> = {
  [supplierChangeResource.key]: {
    columns: {
      supplierId: (_v, r) => (r.supplierName as string | null) ?? '-',
      submittedAt: (v, r) =>
        (v as string | null) ??
        createElement('span', { style: { color: '#999' } }, `${String(r.updatedAt ?? '')} 保存`),
    },
    extraColumns: [
      { key: 'sectionsText', title: '变更内容', after: 'supplierId', render: (r) => String(r.sectionsText || '-') },
    ],
    controlPermissions: { supplierId: 'supplier:list' },
    workflow: { key: 'change', panels: { submit: ChangeDraftPanel } },
    detailPanels: [{ key: 'changes', title: '变更内容', Panel: ChangeDiffPanel }],
    toolbar: NewChangeRequest,
    emptyText: '暂无变更申请',
  },
};
