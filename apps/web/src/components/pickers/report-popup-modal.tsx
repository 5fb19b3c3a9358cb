import { useMemo, useState } from 'react';
import { App, Modal, Table } from 'antd';
import type { TableColumnsType, TableProps } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useChosenRows } from './use-chosen-rows';
import { PICKER, PICKER_MESSAGES, reportRowKey, reportTotal } from './picker-constants';
import { reportApi } from './report-api';
import { ReportQueryForm } from './report-query-form';
import type { ReportQueryItem, ReportRow } from './report-api';
import { usePickerPage } from './use-picker-page';

type Props = {
  /** The report's code (`getRpColumns/{code}`). */
  code: string;
  open: boolean;
  /** Checkboxes and several rows; otherwise a radio and exactly one row. */
  multi?: boolean;
  /** Rows chosen before, by their row key (`reportRowKey`). */
  selectedKeys?: readonly string[];
  width?: number;
  title?: string;
  onOk: (rows: ReportRow[]) => void;
  onCancel: () => void;
};

type Sort = { column: string; order: 'asc' | 'desc' } | null;

/**
 * 报表弹框 (JeecgBoot's JPopupOnlReport): the rows of an online report in a paged table
 * (10 a page) with its search fields; confirm hands the chosen rows over, clears the
 * selection and closes. Clicking a row toggles it.
 */
export function ReportPopupModal({
  code,
  open,
  multi = false,
  selectedKeys,
  width = PICKER.reportPopupWidth,
  title,
  onOk,
  onCancel,
}: Props) {
  const { message } = App.useApp();
  const { page, firstPage, turn } = usePickerPage(PICKER.reportPageSize);
  const [sort, setSort] = useState<Sort>(null);
  const [filters, setFilters] = useState<Record<string, string>>({});
  // Shown again: the caller's rows are the selection.
  const picked = useChosenRows<ReportRow>(open, selectedKeys, reportRowKey, () => ({}), multi);

  const config = useQuery({
    queryKey: ['report-columns', code],
    enabled: open,
    queryFn: async () => {
      const body = await reportApi.columns(code);
      if (!body.success) {
        message.warning(body.message);
        return null;
      }
      return body.result;
    },
  });
  const reportId = config.data?.cgRpConfigId;
  const queryInfo = useQuery({
    queryKey: ['report-query-info', reportId],
    enabled: open && Boolean(reportId),
    queryFn: async (): Promise<ReportQueryItem[]> => {
      const body = await reportApi.queryInfo(reportId!);
      if (!body.success) {
        message.warning(body.message);
        return [];
      }
      return body.result;
    },
  });
  const params = { ...page, ...filters, ...(sort ? { column: sort.column, order: sort.order } : {}) };
  const data = useQuery({
    queryKey: ['report-data', reportId, params],
    enabled: open && Boolean(reportId),
    queryFn: async () => {
      const body = await reportApi.data(reportId!, params);
      if (!body.success) {
        message.warning(body.message);
        return { records: [], total: 0 };
      }
      return { records: body.result.records, total: Number(body.result.total) };
    },
  });

  const columns = useMemo<TableColumnsType<ReportRow>>(() => {
    const dicts = config.data?.dictOptions ?? {};
    return (config.data?.columns ?? []).map((c) => ({
      title: c.title,
      dataIndex: c.dataIndex,
      key: c.dataIndex,
      align: 'center' as const,
      sorter: true,
      sortOrder:
        sort?.column === c.dataIndex ? (sort.order === 'asc' ? ('ascend' as const) : ('descend' as const)) : null,
      render: c.customRender
        ? (value: unknown) =>
            String(value ?? '')
              .split(',')
              .map((v) => dicts[c.customRender!]?.find((d) => d.value === v)?.text ?? v)
              .join(',')
        : undefined,
    }));
  }, [config.data, sort]);

  const records = data.data?.records ?? [];

  const onChange: TableProps<ReportRow>['onChange'] = (pagination, _f, sorter, extra) => {
    if (extra.action === 'sort') {
      const one = Array.isArray(sorter) ? sorter[0] : sorter;
      setSort(
        one?.order
          ? { column: String(one.columnKey ?? one.field), order: one.order === 'ascend' ? 'asc' : 'desc' }
          : null,
      );
      firstPage();
      return;
    }
    turn(pagination.current ?? 1, pagination.pageSize ?? page.pageSize);
  };

  const confirm = () => {
    if (picked.chosen.size === 0 || (!multi && picked.chosen.size > 1)) {
      message.warning(PICKER_MESSAGES.selectOne);
      return;
    }
    // A preselected row carries only its key until it is seen on a page.
    onOk(picked.rows(records, (r) => Object.keys(r).length > 0));
    picked.clear();
  };

  const search = (next: Record<string, string>) => {
    setFilters(next);
    firstPage();
  };
  const queryItems = queryInfo.data ?? [];

  return (
    <Modal
      open={open}
      title={title ?? config.data?.cgRpConfigName ?? '请选择'}
      width={width}
      onOk={confirm}
      onCancel={onCancel}
      okText="确定"
      cancelText="取消"
      destroyOnHidden
      data-testid="report-popup"
    >
      {queryItems.length > 0 && <ReportQueryForm items={queryItems} onSearch={search} />}
      <Table<ReportRow>
        size="small"
        bordered
        rowKey={reportRowKey}
        columns={columns}
        dataSource={records}
        loading={config.isFetching || data.isFetching}
        scroll={{ x: PICKER.reportPopupScrollX }}
        onChange={onChange}
        onRow={(row) => ({ onClick: () => picked.toggle(row), style: { cursor: 'pointer' } })}
        rowSelection={picked.rowSelection(multi ? 'checkbox' : 'radio')}
        pagination={{
          current: page.pageNo,
          pageSize: page.pageSize,
          total: data.data?.total ?? 0,
          showSizeChanger: true,
          showQuickJumper: true,
          pageSizeOptions: [...PICKER.reportPageSizes],
          showTotal: reportTotal,
        }}
      />
    </Modal>
  );
}
