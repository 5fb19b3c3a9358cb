import { useState } from 'react';
import { Button, Form, Modal, Select } from 'antd';
import type { TenantInfo } from '@procura/shared';

type Props = {
  /** The login's effective tenants (more than one). */
  tenants: readonly TenantInfo[];
  open: boolean;
  onPick: (tenantId: number) => void;
};

/**
 * After a login with several tenants (JeecgBoot's LoginSelectTenant): the user picks the
 * tenant to work in, the first one preselected. It cannot be dismissed without a choice.
 */
export function TenantPickerModal({ tenants, open, onPick }: Props) {
  const [tenantId, setTenantId] = useState<number | undefined>(tenants[0]?.id);
  return (
    <Modal
      open={open}
      title="请选择登录租户"
      closable={false}
      mask={{ closable: false }}
      keyboard={false}
      width={400}
      footer={
        <Button type="primary" disabled={tenantId === undefined} onClick={() => tenantId !== undefined && onPick(tenantId)} data-testid="tenant-picker-submit">
          确定
        </Button>
      }
    >
      <Form layout="vertical" data-testid="tenant-picker">
        <Form.Item label="租户" required>
          <Select data-testid="tenant-select" value={tenantId} onChange={setTenantId} options={tenants.map((t) => ({ value: t.id, label: t.name }))} placeholder="请选择租户" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
