import { Card, Tabs } from 'antd';
import { supplierChangeResource } from '@procura/shared';
import { resourceOverrides } from '../../resources/overrides';
import { ResourcePage } from '../../resources/resource-page';
import { OwnChangeHistory } from './change-panels';

/**
 * 变更申请 (domain §5): the supplier's own requests on the generic document page (发起变更申请,
 * 提交 a draft in the change form, 撤回, the detail with the old and new values, the evidence and
 * the timeline), beside the applied change history (CHG-6).
 */
export default function MyChangeRequestsPage() {
  return (
    <Card title="变更申请">
      <Tabs
        items={[
          {
            key: 'requests',
            label: '我的变更申请',
            children: (
              <ResourcePage def={supplierChangeResource} override={resourceOverrides[supplierChangeResource.key]} />
            ),
          },
          { key: 'history', label: '变更历史', children: <OwnChangeHistory /> },
        ]}
      />
    </Card>
  );
}
