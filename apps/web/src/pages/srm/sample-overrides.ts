import { createElement } from 'react';
import { Tag } from 'antd';
import { sampleRequestResource } from '@procura/shared';
import { StoredFileLinks } from '../../components/upload/stored-file-links';
import type { ResourceOverride } from '../../resources/resource-types';
import { CategoryTreeSelect, MaterialSelect, SupplierSelect } from './material-controls';
import { SampleReceiveModal, SampleShipModal, SampleTestModal } from './sample-panels';

/**
 * 样品管理 (buyers) and 送样申请 (suppliers) on the generic page (§7): reference pickers and
 * names, the overdue mark of SMP-4, and the row actions of the sample workflow (the definition's
 * transitions, with their own dialogs for shipping, receiving and testing). Each action shows
 * only in the states it applies to and to holders of its code; the server decides either way.
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
    // The transitions are the generic page's (the definition's workflow); these take more than a reason.
    workflow: { key: 'sample', panels: { ship: SampleShipModal, receive: SampleReceiveModal, test: SampleTestModal } },
  },
};
