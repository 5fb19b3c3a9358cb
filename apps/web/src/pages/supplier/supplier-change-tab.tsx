import { useState } from 'react';
import { Button, Space } from 'antd';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import type { ChangeFormValues, ChangeHistoryRow } from '@procura/shared';
import { getOrThrow } from '../../lib/supplier-api';
import { ChangeRequestForm } from './change-request-form';
import { ChangeHistoryTable } from './change-tables';

/** The buyer's 变更历史 tab of a supplier (CHG-6), with 代供应商发起变更 (§5 initiatedBy BUYER) when allowed. */
export function SupplierChangeTab({ supplierId, canAdd }: { supplierId: string; canAdd: boolean }) {
  const client = useQueryClient();
  const [open, setOpen] = useState(false);
  const history = useQuery({
    queryKey: ['supplierChange', 'history', supplierId],
    queryFn: () => getOrThrow<ChangeHistoryRow[]>('/supplierChange/history', { supplierId }),
  });
  const current = useQuery({
    queryKey: ['supplierChange', 'currentOf', supplierId],
    queryFn: () => getOrThrow<ChangeFormValues>('/supplierChange/currentOf', { supplierId }),
    enabled: open,
  });
  return (
    <>
      {canAdd && (
        <Space style={{ marginBottom: 12 }}>
          <Button data-testid="change-on-behalf" onClick={() => setOpen(true)}>
            代供应商发起变更
          </Button>
        </Space>
      )}
      <ChangeHistoryTable rows={history.data} loading={history.isPending} />
      <ChangeRequestForm
        open={open && current.data !== undefined}
        current={current.data}
        submitUrl={`/supplierChange/submitFor?supplierId=${encodeURIComponent(supplierId)}`}
        onClose={() => setOpen(false)}
        onDone={() => {
          setOpen(false);
          void client.invalidateQueries({ queryKey: ['supplierChange'] });
        }}
      />
    </>
  );
}
