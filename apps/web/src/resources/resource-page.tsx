import { useMemo, useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Card, Table, Typography } from 'antd';
import { DeleteOutlined, DownloadOutlined, ExportOutlined, PlusOutlined } from '@ant-design/icons';
import { permissionCode } from '@procura/shared';
import type { ResourceDef } from '@procura/shared';
import { Has } from '../components/has';
import { tableBinding } from '../components/paged-table/table-binding';
import { usePagedList } from '../components/paged-table/use-paged-list';
import { useDetailParam } from '../lib/detail-param';
import { getAction, type QueryParams } from '../lib/http';
import { downloadFile, TRANSFER_MESSAGES } from './file-transfer';
import { ImportButton } from './import-button';
import { resourceColumns, RowActions } from './resource-columns';
import { useExtension } from './extend-fields';
import { ResourceDetailDrawer } from './resource-detail-drawer';
import { searchControls, searchFieldsOf } from './resource-fields';
import { ResourceFormDrawer } from './resource-form-drawer';
import type { FormMode } from './resource-form-drawer';
import { ResourceSearchForm } from './resource-search-form';
import type { ResourceOverride, ResourceRecord, RowAction } from './resource-types';
import { useResourceAbilities } from './use-resource-abilities';
import { workflowActions } from './workflow-actions';
import { StatusTabs, WorkflowDetail } from './workflow-document';

export type ResourcePageProps = {
  def: ResourceDef;
  override?: ResourceOverride;
  /**
   * Field values the context fixes (e.g. the dictionary whose items are shown): every load
   * filters on them, add sends them, and their controls are hidden.
   */
  fixed?: Readonly<Record<string, string>>;
  defaultPageSize?: number;
  /** A list shown inside another page (a drawer): its detail is not kept in the address. */
  nested?: boolean;
};

const NOTHING_FIXED: Readonly<Record<string, string>> = {};

/**
 * The generic list page of a resource, derived from its definition: search, reset, sort,
 * paging, add, edit, detail, delete, batch delete, export and import, each action offered
 * when the definition has it and the user holds its permission code.
 */
export function ResourcePage({ def, override, fixed = NOTHING_FIXED, defaultPageSize, nested }: ResourcePageProps) {
  const { message } = App.useApp();
  const can = useResourceAbilities(def);
  // Configurable fields of opted-in tables join the columns, the search and the form.
  const extension = useExtension(def);
  const hidden = useMemo(() => Object.keys(fixed), [fixed]);
  const controls = useMemo(() => searchControls(extension.def, hidden), [extension.def, hidden]);
  const searchFields = useMemo(() => searchFieldsOf(controls), [controls]);
  const urls = useMemo(
    () => ({
      list: `${def.path}/list`,
      delete: def.capabilities.delete ? `${def.path}/delete` : undefined,
      deleteBatch: def.capabilities.deleteBatch ? `${def.path}/deleteBatch` : undefined,
    }),
    [def],
  );
  // A workflow document's status tab narrows the list like a fixed condition.
  const [statusTab, setStatusTab] = useState('');
  const wf = def.workflow;
  const fixedParams = useMemo(
    () => (wf && statusTab ? { ...fixed, [wf.status]: statusTab } : fixed),
    [fixed, wf, statusTab],
  );
  const list = usePagedList<ResourceRecord>({
    url: urls,
    searchFields,
    defaultSort: { column: def.defaultSort.field, order: def.defaultSort.order },
    defaultPageSize,
    fixedParams,
    refusal: override?.errorTitle ? 'error' : 'warning',
  });
  const queryClient = useQueryClient();

  const [editing, setEditing] = useState<{ mode: FormMode; record?: ResourceRecord } | null>(null);
  // The detail lives in the address (`?open=<id>`, within the page's tab): a home to-do or a
  // generated draft links to it. A list inside another page's drawer keeps it to itself.
  const [addressed, showAddressed] = useDetailParam();
  const [own, showOwn] = useState<string | null>(null);
  const [detailId, setDetailId] = nested ? [own, showOwn] : [addressed, showAddressed];
  const [panel, setPanel] = useState<{ action: Extract<RowAction, { Panel: unknown }>; record: ResourceRecord } | null>(
    null,
  );
  const [exporting, setExporting] = useState(false);

  // A workflow document's transitions come from its definition, before the page's own actions.
  const flowActions = useMemo(
    () =>
      wf
        ? workflowActions(wf.def, {
            path: def.path,
            key: override?.workflow?.key ?? def.key,
            panels: override?.workflow?.panels,
          })
        : [],
    [wf, def, override],
  );
  const extraActions = [...flowActions, ...(override?.rowActions ?? [])].filter(
    (a) => !a.permission || can.holds(a.permission),
  );
  const transitions = extraActions.filter((a) => (flowActions.includes(a) && !a.key.endsWith('-log')) || a.detail);
  const rowExtra = extraActions.filter((a) => a.detail !== 'only');
  const Toolbar = override?.toolbar;
  const changed = () => {
    list.refresh();
    void queryClient.invalidateQueries({ queryKey: ['status-count', def.path] });
    void queryClient.invalidateQueries({ queryKey: ['workflowLog'] });
  };
  // A document with line sets is edited with its lines, which the list rows do not carry.
  const edit = async (r: ResourceRecord) => {
    if (!wf?.lines) return setEditing({ mode: 'edit', record: r });
    const full = await getAction<ResourceRecord>(`${def.path}/queryById`, { id: r.id });
    if (!full.success) return void message.warning(full.message);
    setEditing({ mode: 'edit', record: full.result });
  };
  // A workflow document is edited and deleted in its editable states only.
  const editable = (record: ResourceRecord) => !wf || wf.editable.includes(String(record[wf.status]));
  const columns = resourceColumns(extension.def, override, (record) => (
    <RowActions
      record={record}
      canEdit={can.edit && editable(record)}
      canDelete={can.delete && editable(record)}
      extra={rowExtra}
      onEdit={(r) => void edit(r)}
      onDetail={(r) => setDetailId(r.id)}
      onDelete={(r) => list.remove(r.id)}
      onExtra={(action, r) =>
        'run' in action
          ? list.run(() => action.run(r)).then((done) => done && changed())
          : setPanel({ action, record: r })
      }
    />
  ));

  const download = async (path: string, params: QueryParams, fileName: string) => {
    setExporting(true);
    try {
      if (!(await downloadFile(path, params, fileName))) message.warning(TRANSFER_MESSAGES.downloadFailed);
    } finally {
      setExporting(false);
    }
  };

  const exportRows = () => {
    // The rows of the current search (and sort), or only the selected ones.
    const { pageNo: _pageNo, pageSize: _pageSize, ...filters } = list.params;
    const selections = list.selectedRowKeys.map(String).join(',');
    void download(`${def.path}/exportXls`, selections ? { ...filters, selections } : filters, `${def.label}.xlsx`);
  };

  const selected = list.selectedRowKeys.length;
  return (
    <Card data-testid={`resource-page-${def.key}`}>
      <ResourceSearchForm
        name={`${def.key}-search`}
        controls={controls}
        onSearch={list.search}
        onReset={list.reset}
        formControls={override?.formControls}
        controlPermissions={override?.controlPermissions}
      />
      <div
        style={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 8, margin: '16px 0' }}
        data-testid="resource-toolbar"
      >
        {def.capabilities.add ? (
          <Has code={permissionCode(def, 'add')}>
            <Button type="primary" icon={<PlusOutlined />} onClick={() => setEditing({ mode: 'add' })}>
              新增
            </Button>
          </Has>
        ) : null}
        {Toolbar ? <Toolbar onChanged={changed} onOpen={setDetailId} /> : null}
        {def.capabilities.export ? (
          <Has code={permissionCode(def, 'export')}>
            <Button icon={<ExportOutlined />} loading={exporting} onClick={exportRows}>
              导出
            </Button>
          </Has>
        ) : null}
        {def.capabilities.import ? (
          <Has code={permissionCode(def, 'import')}>
            <ImportButton path={`${def.path}/importExcel`} onImported={list.refresh} />
            <Button
              icon={<DownloadOutlined />}
              onClick={() => void download(`${def.path}/importTemplate`, {}, `${def.label}导入模板.xlsx`)}
            >
              下载模板
            </Button>
          </Has>
        ) : null}
        {def.capabilities.deleteBatch ? (
          <Has code={permissionCode(def, 'deleteBatch')}>
            <Button danger icon={<DeleteOutlined />} onClick={list.removeSelected}>
              批量删除
            </Button>
          </Has>
        ) : null}
        {selected > 0 ? (
          <Typography.Text type="secondary" data-testid="resource-selection">
            {`已选择 ${selected} 项`} <Typography.Link onClick={list.clearSelection}>清空</Typography.Link>
          </Typography.Text>
        ) : null}
      </div>
      {wf ? (
        <StatusTabs
          def={def}
          params={list.params}
          value={statusTab}
          onChange={(tab) => {
            setStatusTab(tab);
            list.clearSelection();
          }}
        />
      ) : null}
      {list.error && override?.errorTitle ? (
        <Alert
          type="error"
          showIcon
          style={{ margin: '12px 0' }}
          title={override.errorTitle}
          description={list.error.message}
          action={
            <Button size="small" onClick={list.retry}>
              重试
            </Button>
          }
        />
      ) : null}
      <Table<ResourceRecord>
        rowKey="id"
        locale={override?.emptyText ? { emptyText: override.emptyText } : undefined}
        size="middle"
        scroll={{ x: 'max-content' }}
        rowSelection={{ selectedRowKeys: list.selectedRowKeys, onChange: list.setSelectedRowKeys }}
        data-testid="resource-table"
        {...tableBinding(list, columns)}
      />
      {editing?.record && override?.editForm ? (
        <override.editForm
          record={editing.record}
          open
          onClose={() => setEditing(null)}
          onDone={() => {
            setEditing(null);
            changed();
          }}
        />
      ) : editing ? (
        <ResourceFormDrawer
          def={def}
          mode={editing.mode}
          record={editing.record}
          fixed={fixed}
          extension={extension}
          controls={override?.formControls}
          checks={override?.formChecks}
          lock={override?.lockedFor?.(editing.record) ?? null}
          open
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null);
            list.refresh();
          }}
        />
      ) : null}
      {detailId ? (
        <ResourceDetailDrawer
          def={def}
          id={detailId}
          hidden={hidden}
          open
          onClose={() => setDetailId(null)}
          renderers={override?.details}
          errorTitle={override?.errorTitle}
          extra={
            wf
              ? (record, reload) => (
                  <WorkflowDetail
                    def={def}
                    record={record}
                    actions={transitions}
                    panels={override?.detailPanels}
                    printBody={override?.printBody}
                    lineViews={override?.workflow?.lines}
                    onChanged={() => {
                      reload();
                      changed();
                    }}
                  />
                )
              : undefined
          }
        />
      ) : null}
      {panel ? (
        <panel.action.Panel
          record={panel.record}
          open
          onClose={() => setPanel(null)}
          onDone={() => {
            setPanel(null);
            changed();
          }}
        />
      ) : null}
    </Card>
  );
}
