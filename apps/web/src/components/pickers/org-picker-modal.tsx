import { useState } from 'react';
import { Input, Modal, Table } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { PageResult } from '@procura/shared';
import { getAction } from '../../lib/http';
import { showTotal } from '../paged-table/table-binding';
import { useChosenRows } from './use-chosen-rows';
import { PICKER } from './picker-constants';

export type Organisation = { id: string; code: string; name: string };

type Props = {
  open: boolean;
  multi?: boolean;
  value?: readonly string[];
  onOk: (orgs: Organisation[]) => void;
  onCancel: () => void;
};

const columns: TableColumnsType<Organisation> = [
  { title: 'ID', dataIndex: 'id', ellipsis: true },
  { title: '编码', dataIndex: 'code', width: 200 },
  { title: '名称', dataIndex: 'name' },
];

/** 选择组织机构 (width 1000): `/dataorg/bdDataorg/list`, searched by name. */
export function OrgPickerModal({ open, multi = false, value, onOk, onCancel }: Props) {
  const [name, setName] = useState('');
  const [page, setPage] = useState({ pageNo: 1, pageSize: 10 });
  const picked = useChosenRows<Organisation>(
    open,
    value,
    (o) => o.id,
    (id) => ({ id, code: '', name: '' }),
    multi,
  );
  const list = useQuery({
    queryKey: ['org-picker', name, page],
    enabled: open,
    queryFn: async () => {
      const body = await getAction<PageResult<Organisation>>('/dataorg/bdDataorg/list', {
        ...page,
        ...(name ? { name: `*${name}*` } : {}),
      });
      return body.success ? body.result : { records: [], total: 0 };
    },
  });
  const records = list.data?.records ?? [];
  return (
    <Modal
      open={open}
      title="选择组织机构"
      width={PICKER.orgPickerWidth}
      okText="确定"
      cancelText="取消"
      onCancel={onCancel}
      onOk={() => onOk(picked.rows(records, (o) => Boolean(o.code)))}
      data-testid="org-picker-modal"
    >
      <Input.Search
        allowClear
        placeholder="请输入名称"
        onSearch={(word) => {
          setName(word.trim());
          setPage((p) => ({ ...p, pageNo: 1 }));
        }}
        style={{ marginBottom: 8, maxWidth: 320 }}
      />
      <Table<Organisation>
        size="small"
        rowKey="id"
        columns={columns}
        dataSource={records}
        loading={list.isFetching}
        onRow={(o) => ({ onClick: () => picked.toggle(o), style: { cursor: 'pointer' } })}
        rowSelection={picked.rowSelection(multi ? 'checkbox' : 'radio')}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showTotal,
          onChange: (pageNo, pageSize) => setPage({ pageNo, pageSize }),
        }}
      />
    </Modal>
  );
}
