import { useEffect, useState } from 'react';
import { App, Button } from 'antd';
import { PlusOutlined } from '@ant-design/icons';
import { useQuery } from '@tanstack/react-query';
import type { ChangeFormValues, ChangeHistoryRow, ChangeValue, PageResult } from '@procura/shared';
import { Has } from '../../components/has';
import { getOrThrow } from '../../lib/supplier-api';
import type { ResourceRecord, RowActionPanelProps } from '../../resources/resource-types';
import { ChangeRequestForm, type ChangeDraft } from './change-request-form';
import { ChangeDiffTable, ChangeHistoryTable } from './change-tables';

/** The supplier's current controlled values, which a new request starts from (and a draft is laid over). */
function useCurrentValues(enabled: boolean) {
  return useQuery({
    queryKey: ['supplierChange', 'current'],
    enabled,
    queryFn: () => getOrThrow<ChangeFormValues>('/supplierChange/current'),
  });
}

/** The supplier's own change history (CHG-6): a tab of 变更申请 and of 企业信息. */
export function OwnChangeHistory() {
  const rows = useQuery({
    queryKey: ['supplierChange', 'myHistory'],
    queryFn: () => getOrThrow<ChangeHistoryRow[]>('/supplierChange/myHistory'),
  });
  return <ChangeHistoryTable rows={rows.data} loading={rows.isPending} />;
}

/** Every field's old and new value (domain §5 `changes`), in the detail of the generic page. */
export function ChangeDiffPanel({ record }: { record: ResourceRecord }) {
  return <ChangeDiffTable changes={(record.changes as ChangeValue[] | undefined) ?? []} />;
}

/**
 * 发起变更申请 in the toolbar, for the supplier (its own requests): the form starts from the
 * current values. CHG-1: while a request waits in approval the supplier is told before it starts.
 */
export function NewChangeRequest({ onChanged }: { onChanged: () => void }) {
  return (
    <Has code="supplierChange:mine">
      <NewChangeRequestButton onChanged={onChanged} />
    </Has>
  );
}

function NewChangeRequestButton({ onChanged }: { onChanged: () => void }) {
  const { modal, message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [checking, setChecking] = useState(false);
  const current = useCurrentValues(true);
  const start = async () => {
    setChecking(true);
    try {
      const waiting = await getOrThrow<PageResult<unknown>>('/supplierChange/list', {
        status: 'SUBMITTED',
        pageSize: '1',
      });
      if (waiting.total > 0) {
        modal.warning({
          title: '已有审批中的变更申请',
          content: '请等待审批结束或撤回后再提交（同一时间只能有一张审批中的变更申请；草稿不受限制，可在列表中提交）。',
        });
        return;
      }
      setOpen(true);
    } catch (error) {
      message.warning(error instanceof Error ? error.message : '加载失败');
    } finally {
      setChecking(false);
    }
  };
  return (
    <>
      <Button
        type="primary"
        icon={<PlusOutlined />}
        data-testid="change-new"
        loading={current.isPending || checking}
        onClick={() => void start()}
      >
        发起变更申请
      </Button>
      <ChangeRequestForm
        open={open}
        current={current.data}
        draft={null}
        allowDraft
        onClose={() => setOpen(false)}
        onDone={() => {
          setOpen(false);
          onChanged();
        }}
      />
    </>
  );
}

/** 提交 on a draft: the change form with what the draft wants, to change, save again or submit. */
export function ChangeDraftPanel({ record, open, onClose, onDone }: RowActionPanelProps) {
  const { message } = App.useApp();
  const current = useCurrentValues(open);
  const draft = useQuery({
    queryKey: ['supplierChange', 'draft', record.id],
    enabled: open,
    retry: false,
    gcTime: 0,
    queryFn: () => getOrThrow<ChangeDraft>('/supplierChange/draft', { id: record.id }),
  });
  useEffect(() => {
    // E.g. the draft was withdrawn in another window.
    if (draft.error) {
      message.warning(draft.error.message);
      onClose();
    }
  }, [draft.error, message, onClose]);
  return (
    <ChangeRequestForm
      open={open && !!draft.data}
      current={current.data}
      draft={draft.data ?? null}
      allowDraft
      onClose={onClose}
      onDone={onDone ?? onClose}
    />
  );
}
