import type { ReactNode } from 'react';
import { Alert, Button, Descriptions, Drawer, Empty, Spin } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { ResourceDef } from '@procura/shared';
import { getAction } from '../lib/http';
import { AUDIT_FIELDS, detailFields, displayValue } from './resource-fields';
import type { ResourceOverride, ResourceRecord } from './resource-types';

type Props = {
  def: ResourceDef;
  id: string;
  hidden: readonly string[];
  open: boolean;
  onClose: () => void;
  renderers?: ResourceOverride['details'];
  /** What follows the fields (a workflow document's actions, timeline and panels); `reload` reads the row again. */
  extra?: (record: ResourceRecord, reload: () => void) => ReactNode;
  /** Given, a failed or refused read shows under this title with 重试 (else 未找到该记录). */
  errorTitle?: string;
};

/** A row as read back from the server (`queryById`): its detail fields with dictionary texts, then the audit fields. */
export function ResourceDetailDrawer({ def, id, hidden, open, onClose, renderers, extra, errorTitle }: Props) {
  const query = useQuery({
    queryKey: ['resource-detail', def.path, id],
    // Always read afresh: the row may have been edited since.
    gcTime: 0,
    queryFn: async () => {
      const body = await getAction<ResourceRecord>(`${def.path}/queryById`, { id });
      if (!body.success && errorTitle) throw new Error(body.message);
      return body.success ? body.result : null;
    },
  });
  const record = query.data;
  const items = [...detailFields(def).filter((f) => !hidden.includes(f.name)), ...AUDIT_FIELDS].map((f) => ({
    key: f.name,
    label: f.field.label,
    children: record ? (renderers?.[f.name]?.(record[f.name], record) ?? displayValue(f, record)) : '-',
  }));

  return (
    <Drawer open={open} title={`${def.label}详情`} size={640} onClose={onClose}>
      {query.isLoading ? (
        <Spin style={{ display: 'block', margin: '48px auto' }} />
      ) : query.isError && errorTitle ? (
        <Alert
          type="error"
          showIcon
          title={errorTitle}
          description={query.error.message}
          action={
            <Button size="small" onClick={() => void query.refetch()}>
              重试
            </Button>
          }
        />
      ) : record ? (
        <>
          <Descriptions
            bordered
            column={1}
            items={items}
            data-testid="resource-detail"
            styles={{ label: { width: 140 } }}
          />
          {extra?.(record, () => void query.refetch())}
        </>
      ) : (
        <Empty description="未找到该记录" />
      )}
    </Drawer>
  );
}
