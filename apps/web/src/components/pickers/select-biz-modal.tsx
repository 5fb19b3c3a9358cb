import { useState } from 'react';
import { Input, Modal, Table, Tag } from 'antd';
import type { TableColumnsType } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { getAction } from '../../lib/http';
import { Ellipsis } from '../text/ellipsis';
import { useChosenRows } from './use-chosen-rows';
import { PICKER } from './picker-constants';
import { usePickerPage } from './use-picker-page';

export type BizRow = Record<string, unknown>;

type Props = {
  open: boolean;
  title?: string;
  /** The caller's list URL; it answers an array or a page (`records`). */
  listUrl: string;
  /** Columns to show: field and title. */
  columns: { dataIndex: string; title: string }[];
  /** The query parameter the search box fills (default `code`). */
  queryParamCode?: string;
  queryParamText?: string;
  /** The field that identifies a row (default `id`) and the one shown as its name. */
  valueKey?: string;
  displayKey?: string;
  multiple?: boolean;
  /** Values chosen before. */
  value?: readonly string[];
  onOk: (rows: BizRow[]) => void;
  onCancel: () => void;
};

/**
 * 业务组件选择 (JeecgBoot's JSelectBizComponentModal): any list behind a caller-supplied URL,
 * searched by one parameter, 5 rows a page (5/10/20/30), cells cut at 12 characters, the
 * table 240 px high; chosen rows are shown as tags.
 */
export function SelectBizModal({
  open,
  title = '选择',
  listUrl,
  columns,
  queryParamCode = 'code',
  queryParamText = '编码',
  valueKey = 'id',
  displayKey,
  multiple = true,
  value,
  onOk,
  onCancel,
}: Props) {
  const [word, setWord] = useState('');
  const { page, firstPage, turn } = usePickerPage(PICKER.bizPageSize);
  const keyOf = (row: BizRow) => String(row[valueKey] ?? '');
  const picked = useChosenRows<BizRow>(open, value, keyOf, (v) => ({ [valueKey]: v }), multiple);
  const list = useQuery({
    queryKey: ['select-biz', listUrl, queryParamCode, word, page],
    enabled: open,
    queryFn: async () => {
      const body = await getAction<BizRow[] | { records: BizRow[]; total: number }>(listUrl, {
        ...page,
        ...(word ? { [queryParamCode]: `*${word}*` } : {}),
      });
      if (!body.success) return { records: [], total: 0 };
      const r = body.result;
      return Array.isArray(r) ? { records: r, total: r.length } : { records: r.records, total: Number(r.total) };
    },
  });
  const records = list.data?.records ?? [];
  const tableColumns: TableColumnsType<BizRow> = columns.map((c) => ({
    ...c,
    render: (v: unknown) => (
      <Ellipsis value={v === null || v === undefined ? '' : String(v)} length={PICKER.bizEllipsis} />
    ),
  }));
  const label = (k: string, row: BizRow) => String(row[displayKey ?? valueKey] ?? k);

  return (
    <Modal
      open={open}
      title={title}
      width={PICKER.bizModalWidth}
      okText="确定"
      cancelText="取消"
      onCancel={onCancel}
      onOk={() => onOk(picked.rows(records, (r) => Object.keys(r).length > 1))}
      data-testid="select-biz-modal"
    >
      <Input.Search
        allowClear
        placeholder={`请输入${queryParamText}`}
        onSearch={(w) => {
          setWord(w.trim());
          firstPage();
        }}
        style={{ marginBottom: 8, maxWidth: 320 }}
      />
      <div style={{ marginBottom: 8, minHeight: 24 }} data-testid="select-biz-chosen">
        {[...picked.chosen].map(([k, r]) => (
          <Tag key={k} closable onClose={() => picked.toggle(r)}>
            {label(k, r)}
          </Tag>
        ))}
      </div>
      <Table<BizRow>
        size="small"
        rowKey={keyOf}
        columns={tableColumns}
        dataSource={records}
        loading={list.isFetching}
        scroll={{ y: PICKER.bizTableHeight }}
        onRow={(r) => ({ onClick: () => picked.toggle(r), style: { cursor: 'pointer' } })}
        rowSelection={picked.rowSelection(multiple ? 'checkbox' : 'radio')}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: list.data?.total ?? 0,
          showSizeChanger: true,
          pageSizeOptions: [...PICKER.bizPageSizes],
          onChange: turn,
        }}
      />
    </Modal>
  );
}
