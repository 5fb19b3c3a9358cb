import { quotaResource } from '@procura/shared';
import type { ResourceOverride } from '../../../resources/resource-types';
import { QuotaEditForm, QuotaLinesView, QuotaSourcePanel, QuotaSubmitPanel } from './quota-panels';

const text = (v: unknown) => (typeof v === 'string' && v ? v : '-');

/**
 * 配额管理 (domain §14) on the generic workflow page: the material with its code, each supplier's
 * share, the validity and the source inquiry in the list; in the detail the source and the shares
 * with their sum; the quota form for edits and a QUO-1 check before 提交审批.
 */
export const quotaOverrides: Readonly<Record<string, ResourceOverride>> = {
  [quotaResource.key]: {
    columns: { materialName: (_v, r) => `${(r.materialCode as string | null) ?? ''} ${String(r.materialName)}` },
    extraColumns: [
      { key: 'shares', title: '供应商配额', after: 'materialName', render: (r) => text(r.shares) },
      // QUO-6: what approved orders took so far of each supplier's share.
      { key: 'allocated', title: '已分配数量', after: 'shares', render: (r) => text(r.allocated) },
      {
        key: 'validity',
        title: '有效期',
        after: 'allocated',
        width: 210,
        render: (r) => `${text(r.validFrom)} 至 ${text(r.validTo)}`,
      },
      {
        key: 'sourceEventCode',
        title: '来源询价',
        after: 'validity',
        width: 170,
        render: (r) => text(r.sourceEventCode),
      },
    ],
    workflow: { key: 'quota', panels: { submit: QuotaSubmitPanel }, lines: { lines: QuotaLinesView } },
    detailPanels: [{ key: 'source', title: '配额来源', Panel: QuotaSourcePanel }],
    editForm: QuotaEditForm,
    emptyText: '暂无配额，按数量拆分定标后会生成配额草稿',
    errorTitle: '配额加载失败',
  },
};
