import type { DictItem, PageResult } from '@procura/shared';
import { getAction } from '../../lib/http';
import type { QueryParams } from '../../lib/http';

export type ReportColumn = {
  title: string;
  dataIndex: string;
  align?: 'center';
  sorter?: string;
  customRender?: string;
  fieldType?: string;
};
export type ReportColumns = {
  cgRpConfigId: string;
  cgRpConfigName: string;
  columns: ReportColumn[];
  dictOptions: Record<string, DictItem[]>;
};
export type ReportQueryItem = {
  field: string;
  label: string;
  view: string;
  mode: 'single' | 'group';
  hidden?: string;
  dictCode?: string;
};
export type ReportRow = Record<string, unknown>;

/** `/online/cgreport/api/*`: a report's columns by code, its query items and pages of its rows by id. */
export const reportApi = {
  columns: (code: string) => getAction<ReportColumns>(`/online/cgreport/api/getRpColumns/${encodeURIComponent(code)}`),
  queryInfo: (id: string) =>
    getAction<ReportQueryItem[]>(`/online/cgreport/api/getQueryInfo/${encodeURIComponent(id)}`),
  data: (id: string, params: QueryParams) =>
    getAction<PageResult<ReportRow>>(`/online/cgreport/api/getData/${encodeURIComponent(id)}`, params),
};
