import { Table } from 'antd';
import { DictText } from '../../../components/dict/dict-select';
import type { EventDetail } from './sourcing-api';

/** The 物料行 tab of a 询价单: what is asked for, line by line. */
export function EventLinesTable({ event: e }: { event: EventDetail }) {
  return (
    <Table
      rowKey="id"
      size="small"
      pagination={false}
      dataSource={e.lines}
      columns={[
        { title: '行号', dataIndex: 'lineNo', width: 50 },
        {
          title: '物料',
          render: (_: unknown, l: EventDetail['lines'][number]) => `${l.materialCode ?? ''} ${l.materialName ?? ''}`,
        },
        { title: '规格型号', dataIndex: 'spec' },
        { title: '数量', dataIndex: 'qty' },
        { title: '单位', dataIndex: 'unit', render: (v: string) => <DictText code="srm_unit" value={v} /> },
        { title: '需求日期', dataIndex: 'needByDate' },
      ]}
    />
  );
}
