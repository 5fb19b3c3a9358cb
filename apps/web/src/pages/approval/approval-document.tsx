import type { ReactNode } from 'react';
import { Descriptions, Space, Table, Typography } from 'antd';
import { Link } from 'react-router';
import type { ApprovalDocumentDetail, ChangeValue } from '@procura/shared';
import { StoredFileLinks } from '../../components/upload/stored-file-links';
import { ChangeDiffTable } from '../supplier/change-tables';

/**
 * Panels a document type shows in place of its generic tables (keyed by the payload's
 * `panel.kind`); a type without one is shown by its fields, tables and files alone.
 */
const PANELS: Record<string, (data: unknown) => ReactNode> = {
  supplierChange: (data) => <ChangeDiffTable changes={(data as { changes: ChangeValue[] }).changes} />,
};

/** The document under approval as its module describes it: a descriptions list, tables, file links and its panel. */
export function ApprovalDocument({
  document,
  openPage,
}: {
  document: ApprovalDocumentDetail | null;
  openPage: string | null;
}) {
  if (!document)
    return (
      <Typography.Text type="secondary" data-testid="approval-document-missing">
        该单据类型未提供审批详情
        {openPage ? (
          <>
            ，请在 <Link to={openPage}>单据页面</Link> 查看
          </>
        ) : null}
        。
      </Typography.Text>
    );
  const panel = document.panel ? PANELS[document.panel.kind] : undefined;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="approval-document">
      {document.fields.length > 0 || document.files.length > 0 ? (
        <Descriptions column={2} bordered size="small">
          {document.fields.map((f) => (
            <Descriptions.Item key={f.label} label={f.label} span={f.span ?? 1}>
              {f.value ?? '-'}
            </Descriptions.Item>
          ))}
          {document.files.map((f) => (
            <Descriptions.Item key={f.label} label={f.label} span={2}>
              <StoredFileLinks paths={f.paths} data-testid="approval-document-files" />
            </Descriptions.Item>
          ))}
        </Descriptions>
      ) : null}
      {panel
        ? panel(document.panel!.data)
        : document.tables.map((t) => (
            <div key={t.title}>
              <Typography.Text strong>{t.title}</Typography.Text>
              <Table
                size="small"
                pagination={false}
                rowKey="rowKey"
                dataSource={t.rows.map((r, i) => ({ ...r, rowKey: i }))}
                columns={t.columns.map((c) => ({
                  title: c.title,
                  dataIndex: c.key,
                  render: (v: unknown) => (v === null || v === undefined || v === '' ? '-' : String(v)),
                }))}
              />
            </div>
          ))}
    </Space>
  );
}
