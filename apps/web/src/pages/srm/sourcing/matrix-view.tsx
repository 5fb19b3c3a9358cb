import { Space, Table, Tag, Typography } from 'antd';
import { DictText } from '../../../components/dict/dict-select';
import { RESPONSE_STATUS, type Matrix } from './sourcing-api';

/** 比价 (domain §10): per line each supplier's unit price, the lowest marked; supplier totals; every version. */
export function MatrixView({ matrix }: { matrix: Matrix }) {
  const suppliers = matrix.suppliers;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="sourcing-matrix">
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={matrix.lines}
        scroll={{ x: 800 }}
        columns={[
          { title: '行号', dataIndex: 'lineNo', width: 50 },
          {
            title: '物料',
            render: (_: unknown, l: Matrix['lines'][number]) => `${l.materialCode ?? ''} ${l.materialName ?? ''}`,
          },
          {
            title: '数量',
            render: (_: unknown, l: Matrix['lines'][number]) => (
              <>
                {l.qty} {l.unit ? <DictText code="srm_unit" value={l.unit} /> : null}
              </>
            ),
          },
          ...suppliers.map((s) => ({
            title: s.supplierName,
            key: s.supplierId,
            render: (_: unknown, l: Matrix['lines'][number]) => {
              const q = l.quotes.find((x) => x.supplierId === s.supplierId);
              if (!q) return <Typography.Text type="secondary">未报价</Typography.Text>;
              return q.lowest ? (
                <Tag color="green" data-testid="lowest-price">{`${q.unitPrice}（最低）`}</Tag>
              ) : (
                q.unitPrice
              );
            },
          })),
        ]}
      />
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={suppliers}
        locale={{ emptyText: '没有有效报价' }}
        columns={[
          { title: '供应商', dataIndex: 'supplierName' },
          { title: '报价单号', dataIndex: 'code' },
          { title: '版本', dataIndex: 'versionNo', width: 60 },
          { title: '总价', dataIndex: 'totalAmount' },
        ]}
      />
      <Typography.Title level={5}>报价版本历史</Typography.Title>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={matrix.history}
        columns={[
          { title: '供应商', dataIndex: 'supplierName' },
          { title: '轮次', dataIndex: 'round', width: 60 },
          { title: '版本', dataIndex: 'versionNo', width: 60 },
          { title: '状态', dataIndex: 'status', render: (v: string) => RESPONSE_STATUS[v] ?? v },
          { title: '提交时间', dataIndex: 'submittedAt' },
          { title: '总价', dataIndex: 'totalAmount' },
        ]}
      />
    </Space>
  );
}
