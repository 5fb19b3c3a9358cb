import type { ReactNode } from 'react';
import { Divider, Popconfirm, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import type { ResourceDef } from '@procura/shared';
import { AUDIT_FIELDS, displayValue, listFields } from './resource-fields';
import type { ResourceOverride, ResourceRecord, RowAction } from './resource-types';

/**
 * The list columns of a resource: its list fields (dictionary texts for coded values,
 * server-sorted where sortable), 创建时间, and the row actions.
 */
export function resourceColumns(
  def: ResourceDef,
  override: ResourceOverride | undefined,
  actions: (record: ResourceRecord) => ReactNode,
): TableColumnsType<ResourceRecord> {
  const fields = listFields(def);
  if (!('createTime' in def.fields)) fields.push(AUDIT_FIELDS[1]!);
  const columns: TableColumnsType<ResourceRecord> = fields.map((f) => {
    const render = override?.columns?.[f.name];
    return {
      key: f.name,
      title: f.field.label,
      dataIndex: f.field.dict ? `${f.name}_dictText` : f.name,
      sorter: f.field.sortable ? true : undefined,
      width: f.field.width,
      ellipsis: f.field.type === 'text' ? true : undefined,
      render: (_: unknown, record: ResourceRecord) =>
        render ? render(record[f.name], record) : displayValue(f, record),
    };
  });
  for (const extra of override?.extraColumns ?? []) {
    const column = {
      key: extra.key,
      title: extra.title,
      width: extra.width,
      render: (_: unknown, r: ResourceRecord) => extra.render(r),
    };
    const at = extra.after ? columns.findIndex((c) => c.key === extra.after) : -1;
    const created = columns.findIndex((c) => c.key === 'createTime');
    columns.splice(at >= 0 ? at + 1 : created >= 0 ? created : columns.length, 0, column);
  }
  columns.push({
    key: 'action',
    title: '操作',
    fixed: 'right',
    render: (_: unknown, record: ResourceRecord) => actions(record),
  });
  return columns;
}

type RowActionsProps = {
  record: ResourceRecord;
  canEdit: boolean;
  canDelete: boolean;
  extra: readonly RowAction[];
  onEdit: (record: ResourceRecord) => void;
  onDetail: (record: ResourceRecord) => void;
  onDelete: (record: ResourceRecord) => Promise<unknown>;
  onExtra: (action: RowAction, record: ResourceRecord) => unknown;
};

/** 编辑 | 详情 | 删除 (after a confirmation) | the resource's own actions, as the user may use them. */
export function RowActions({
  record,
  canEdit,
  canDelete,
  extra,
  onEdit,
  onDetail,
  onDelete,
  onExtra,
}: RowActionsProps) {
  const links: ReactNode[] = [];
  if (canEdit)
    links.push(
      <Typography.Link key="edit" onClick={() => onEdit(record)}>
        编辑
      </Typography.Link>,
    );
  links.push(
    <Typography.Link key="detail" onClick={() => onDetail(record)}>
      详情
    </Typography.Link>,
  );
  if (canDelete) {
    links.push(
      <Popconfirm key="delete" title="确定删除吗?" okText="确定" cancelText="取消" onConfirm={() => onDelete(record)}>
        <Typography.Link type="danger">删除</Typography.Link>
      </Popconfirm>,
    );
  }
  for (const action of extra) {
    if (action.visible && !action.visible(record)) continue;
    links.push(
      'run' in action ? (
        <Popconfirm
          key={action.key}
          title={action.confirm}
          okText="确定"
          cancelText="取消"
          onConfirm={() => onExtra(action, record)}
        >
          <Typography.Link>{action.label}</Typography.Link>
        </Popconfirm>
      ) : (
        <Typography.Link key={action.key} onClick={() => onExtra(action, record)}>
          {action.label}
        </Typography.Link>
      ),
    );
  }
  return (
    <span style={{ whiteSpace: 'nowrap' }}>
      {links.flatMap((link, i) => (i === 0 ? [link] : [<Divider key={`d${i}`} orientation="vertical" />, link]))}
    </span>
  );
}
