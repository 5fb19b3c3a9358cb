import { useMemo, useState } from 'react';
import { Col, Input, Modal, Row, Spin, Table, Tree } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import type { PageResult } from '@procura/shared';
import { getAction } from '../../lib/http';
import { showTotal } from '../paged-table/table-binding';
import { fetchDepartTree, toTreeData } from './depart-tree';
import { useChosenRows } from './use-chosen-rows';
import { PICKER } from './picker-constants';
import { useNarrowScreen } from './use-narrow-screen';
import { usePickerPage } from './use-picker-page';

export type PickedUser = {
  id: string;
  username: string;
  realname: string;
  phone?: string | null;
  orgCode?: string | null;
};

type Props = {
  open: boolean;
  multi?: boolean;
  /** User ids chosen before. */
  value?: readonly string[];
  onOk: (users: PickedUser[]) => void;
  onCancel: () => void;
};

const columns: TableColumnsType<PickedUser> = [
  { title: '用户账号', dataIndex: 'username', width: 160 },
  { title: '用户姓名', dataIndex: 'realname', width: 160 },
  { title: '手机号', dataIndex: 'phone', width: 160 },
  { title: '部门编码', dataIndex: 'orgCode' },
];

/**
 * 选择用户: departments on the left, their users on the right (all users, paged 10, when no
 * department is chosen), searchable by account. Width 1250; on a phone the table scrolls.
 */
export function UserByDepartModal({ open, multi = true, value, onOk, onCancel }: Props) {
  const narrow = useNarrowScreen(PICKER.mobileWidth);
  const tree = useQuery({ queryKey: ['depart-tree'], queryFn: fetchDepartTree, enabled: open });
  const [depart, setDepart] = useState<string | null>(null);
  const [username, setUsername] = useState('');
  const { page, firstPage, turn } = usePickerPage(PICKER.userPageSize);
  const picked = useChosenRows<PickedUser>(
    open,
    value,
    (u) => u.id,
    (id) => ({ id, username: '', realname: '' }),
    multi,
  );

  const users = useQuery({
    queryKey: ['user-picker', depart, username, page],
    enabled: open,
    queryFn: async (): Promise<{ records: PickedUser[]; total: number }> => {
      if (depart) {
        // A department's users (and its sub-departments'), paged here.
        const body = await getAction<PickedUser[]>('/sys/user/queryUserByDepId', {
          id: depart,
          ...(username ? { realname: username } : {}),
        });
        const all = body.success ? body.result : [];
        return {
          records: all.slice((page.pageNo - 1) * page.pageSize, page.pageNo * page.pageSize),
          total: all.length,
        };
      }
      const body = await getAction<PageResult<PickedUser>>('/sys/user/list', {
        pageNo: page.pageNo,
        pageSize: page.pageSize,
        column: 'createTime',
        order: 'desc',
        ...(username ? { username: `*${username}*` } : {}),
      });
      return body.success ? { records: body.result.records, total: body.result.total } : { records: [], total: 0 };
    },
  });
  const treeData = useMemo(() => toTreeData(tree.data ?? []), [tree.data]);
  const records = users.data?.records ?? [];

  return (
    <Modal
      open={open}
      title="选择用户"
      width={PICKER.userPickerWidth}
      okText="确定"
      cancelText="取消"
      onCancel={onCancel}
      onOk={() => onOk(picked.rows(records, (u) => Boolean(u.username)))}
      data-testid="user-by-depart-modal"
    >
      <Row gutter={12}>
        <Col xs={24} md={6}>
          <Spin spinning={tree.isFetching}>
            <Tree
              defaultExpandAll
              key={treeData.length}
              treeData={treeData}
              selectedKeys={depart ? [depart] : []}
              onSelect={(keys) => {
                setDepart(keys.length ? String(keys[0]) : null);
                firstPage();
              }}
            />
          </Spin>
        </Col>
        <Col xs={24} md={18}>
          <Input.Search
            allowClear
            placeholder={depart ? '请输入用户姓名' : '请输入用户账号'}
            onSearch={(word) => {
              setUsername(word.trim());
              firstPage();
            }}
            style={{ marginBottom: 8, maxWidth: 320 }}
          />
          <Table<PickedUser>
            size="small"
            rowKey="id"
            columns={columns}
            dataSource={records}
            loading={users.isFetching}
            scroll={narrow ? { x: PICKER.userScrollX } : undefined}
            onRow={(u) => ({ onClick: () => picked.toggle(u), style: { cursor: 'pointer' } })}
            rowSelection={picked.rowSelection(multi ? 'checkbox' : 'radio')}
            pagination={{
              current: page.pageNo,
              pageSize: page.pageSize,
              total: users.data?.total ?? 0,
              showSizeChanger: true,
              pageSizeOptions: [...PICKER.userPageSizes],
              showTotal,
              onChange: turn,
            }}
          />
        </Col>
      </Row>
    </Modal>
  );
}
