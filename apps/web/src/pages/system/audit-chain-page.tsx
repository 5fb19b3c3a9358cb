import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Card, Select, Space, Table, Typography } from 'antd';
import type { TableColumnsType } from 'antd';
import { ReloadOutlined, SafetyCertificateOutlined } from '@ant-design/icons';
import { Has } from '../../components/has';
import { tableBinding } from '../../components/paged-table/table-binding';
import { usePagedList } from '../../components/paged-table/use-paged-list';
import { getAction } from '../../lib/http';
import { persistedSession } from '../../lib/session-persistence';
import { docLogNames, type AuditVerdict as SharedVerdict } from '@procura/shared';

export type AuditChainRecord = {
  id: string;
  tenantId: number;
  seq: number;
  docType: string;
  docId: string;
  action: string;
  payload: string;
  prevHash: string;
  hash: string;
  createdAt: string | null;
};

export type AuditVerdict = SharedVerdict & { tenantId: number };

const short = (hash: string) => <Typography.Text code>{hash.slice(0, 12)}…</Typography.Text>;

const COLUMNS: TableColumnsType<AuditChainRecord> = [
  { title: '序号', dataIndex: 'seq', sorter: true, width: 80 },
  { title: '时间', dataIndex: 'createdAt', width: 170 },
  {
    title: '单据类型',
    dataIndex: 'docType',
    sorter: true,
    render: (v: string) => docLogNames(v)?.def.label ?? v,
  },
  { title: '单据', dataIndex: 'docId', ellipsis: true },
  {
    title: '操作',
    dataIndex: 'action',
    sorter: true,
    render: (v: string, r) => docLogNames(r.docType)?.actionText[v] ?? v,
  },
  { title: '内容', dataIndex: 'payload', ellipsis: true, width: 320 },
  { title: '前序哈希', dataIndex: 'prevHash', render: short },
  { title: '哈希', dataIndex: 'hash', render: short },
];

type TenantOption = { id: number; name: string };

/**
 * The tenants the platform (tenant 0) may verify besides its own; empty for a tenant's member,
 * whose page shows its own tenant's chain (the server refuses naming another).
 */
function usePlatformTenants(): TenantOption[] {
  const platform = persistedSession.tenantId() === '0';
  const query = useQuery({
    queryKey: ['audit-chain-tenants'],
    enabled: platform,
    queryFn: async () => {
      const body = await getAction<TenantOption[]>('/sys/tenant/queryList');
      return body.success ? body.result : [];
    },
  });
  return platform ? (query.data ?? []) : [];
}

/**
 * 审计链: the tenant's hash-chained audit log of every document status change (platform
 * documents, inquiries, tenders and auctions), newest first, and 校验, which recomputes the whole
 * chain on the server and shows 链完整 or where it breaks; 定位断点 lists the broken entry. The
 * platform picks the tenant whose chain it reads.
 */
export default function AuditChainPage() {
  const tenants = usePlatformTenants();
  const [tenantId, setTenantId] = useState<number | undefined>(undefined);
  const [focus, setFocus] = useState<number | undefined>(undefined);
  const list = usePagedList<AuditChainRecord>({
    url: { list: '/sys/auditChain/list' },
    searchFields: [],
    defaultSort: { column: 'seq', order: 'desc' },
    fixedParams: {
      ...(tenantId === undefined ? {} : { tenantId: String(tenantId) }),
      ...(focus === undefined ? {} : { seq: String(focus) }),
    },
  });
  const [verdict, setVerdict] = useState<AuditVerdict | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const verify = async () => {
    setBusy(true);
    try {
      const body = await getAction<AuditVerdict>(
        '/sys/auditChain/verify',
        tenantId === undefined ? {} : { tenantId: String(tenantId) },
      );
      if (body.success) {
        setVerdict(body.result);
        setError(null);
      } else setError(body.message);
    } finally {
      setBusy(false);
    }
  };

  const chooseTenant = (next: number | undefined) => {
    setTenantId(next);
    setFocus(undefined);
    setVerdict(null);
    setError(null);
  };

  return (
    <Card data-testid="audit-chain-page">
      <Space style={{ marginBottom: 16 }}>
        <Has code="auditChain:verify">
          <Button
            type="primary"
            icon={<SafetyCertificateOutlined />}
            loading={busy}
            onClick={() => void verify()}
            data-testid="audit-chain-verify"
          >
            校验
          </Button>
        </Has>
        <Button icon={<ReloadOutlined />} onClick={list.refresh} loading={list.loading}>
          刷新
        </Button>
        {tenants.length > 0 && (
          <Select<number>
            allowClear
            placeholder="本租户"
            style={{ width: 220 }}
            value={tenantId}
            onChange={chooseTenant}
            options={tenants.map((t) => ({ value: t.id, label: `${t.name}（${t.id}）` }))}
            data-testid="audit-chain-tenant"
            aria-label="租户"
          />
        )}
        {focus !== undefined && (
          <Button onClick={() => setFocus(undefined)} data-testid="audit-chain-all">
            显示全部
          </Button>
        )}
      </Space>
      {error && <Alert type="error" showIcon title={error} style={{ marginBottom: 16 }} />}
      {verdict && (
        <Alert
          data-testid="audit-chain-verdict"
          style={{ marginBottom: 16 }}
          showIcon
          type={verdict.ok ? 'success' : 'error'}
          title={
            verdict.ok
              ? `链完整：共 ${verdict.count} 条记录`
              : `审计链在第 ${verdict.brokenSeq} 条断开：${verdict.reason ?? ''}`
          }
          action={
            !verdict.ok && verdict.brokenSeq !== undefined ? (
              <Button size="small" danger onClick={() => setFocus(verdict.brokenSeq)} data-testid="audit-chain-focus">
                定位断点
              </Button>
            ) : undefined
          }
        />
      )}
      <Table<AuditChainRecord>
        rowKey="id"
        size="middle"
        scroll={{ x: 'max-content' }}
        rowClassName={(r) => (verdict && !verdict.ok && r.seq === verdict.brokenSeq ? 'ant-table-row-selected' : '')}
        {...tableBinding(list, COLUMNS)}
      />
    </Card>
  );
}
