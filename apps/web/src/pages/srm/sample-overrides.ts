import { createElement } from 'react';
import { Tag } from 'antd';
import { sampleRequestResource } from '@procura/shared';
import { StoredFileLinks } from '../../components/upload/stored-file-links';
import { postAction } from '../../lib/http';
import type { ResourceOverride, ResourceRecord, RowAction } from '../../resources/resource-types';
import { CategoryTreeSelect, MaterialSelect, SupplierSelect } from './material-controls';
import {
  SampleLogDrawer,
  SampleReceiveModal,
  SampleRefuseModal,
  SampleShipModal,
  SampleTestModal,
} from './sample-panels';

const is =
  (...statuses: string[]) =>
  (r: ResourceRecord) =>
    statuses.includes(String(r.status));
const command = (action: string, label: string, statuses: string[], confirm: string): RowAction => ({
  key: `sample-${action}`,
  label,
  permission: `sampleRequest:${action}`,
  visible: is(...statuses),
  confirm,
  run: (r) => postAction(`/srm/sampleRequest/${action}`, { id: r.id }),
});

/**
 * 样品管理 (buyers) and 送样申请 (suppliers) on the generic page (§7): reference pickers and
 * names, the overdue mark of SMP-4, and one row action per transition. Each action shows only
 * in the states it applies to and to holders of its code; the server decides either way.
 */
export const sampleOverrides: Readonly<Record<string, ResourceOverride>> = {
  [sampleRequestResource.key]: {
    columns: {
      supplierId: (_v, r) => (r.supplierName as string | null) ?? '-',
      requiredBy: (v, r) =>
        Number(r.overdue) === 1
          ? [String(v), ' ', createElement(Tag, { key: 'o', color: 'red' }, '逾期')]
          : ((v as string | null) ?? '-'),
    },
    // the supplier downloads the report the tester attached (the server lets it read them).
    details: {
      testReportFiles: (v) =>
        createElement(StoredFileLinks, { paths: v as string | null, 'data-testid': 'sample-report-files' }),
    },
    controlPermissions: {
      supplierId: 'supplier:list',
      materialId: 'material:list',
      categoryId: 'materialCategory:list',
    },
    formControls: {
      supplierId: (_f, disabled) => createElement(SupplierSelect, { disabled }),
      materialId: (_f, disabled) => createElement(MaterialSelect, { disabled }),
      categoryId: (_f, disabled) => createElement(CategoryTreeSelect, { leavesOnly: true, disabled }),
    },
    rowActions: [
      command('send', '发送', ['DRAFT'], '确定发送吗？发送后供应商将收到送样通知，申请内容不能再修改'),
      command('confirm', '确认送样', ['SENT'], '确定按要求送样吗？'),
      {
        key: 'sample-refuse',
        label: '拒绝',
        permission: 'sampleRequest:refuse',
        visible: is('SENT'),
        Panel: SampleRefuseModal,
      },
      {
        key: 'sample-ship',
        label: '寄出',
        permission: 'sampleRequest:ship',
        visible: is('CONFIRMED'),
        Panel: SampleShipModal,
      },
      {
        key: 'sample-receive',
        label: '签收',
        permission: 'sampleRequest:receive',
        visible: is('SHIPPED'),
        Panel: SampleReceiveModal,
      },
      {
        key: 'sample-test',
        label: '录入结果',
        permission: 'sampleRequest:test',
        visible: is('RECEIVED'),
        Panel: SampleTestModal,
      },
      command('close', '关闭', ['TESTED'], '确定关闭吗？'),
      command('cancel', '取消', ['DRAFT', 'SENT'], '确定取消该送样申请吗？已发送的申请会通知供应商'),
      { key: 'sample-log', label: '状态日志', permission: 'sampleRequest:list', Panel: SampleLogDrawer },
    ],
  },
};
