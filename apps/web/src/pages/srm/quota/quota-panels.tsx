import { App, Card, Descriptions, Modal, Spin, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { quotaShareRefusal, quotaShareSum, withoutRuleIds } from '@procura/shared';
import { dictText, useDictItems } from '../../../lib/dict';
import { postAction } from '../../../lib/http';
import { useCommand } from '../../../lib/use-command';
import type { ResourceRecord, RowActionPanelProps } from '../../../resources/resource-types';
import { loadQuota, type QuotaDetail, type QuotaLineRow } from './quota-api';
import { QuotaForm } from './quota-form';

const detailOf = (record: ResourceRecord) => record as unknown as QuotaDetail;

/** The suppliers' shares of the detail, with their sum (QUO-1): the line set's own view. */
export function QuotaLinesView({ record }: { record: ResourceRecord }) {
  const lines = detailOf(record).lines ?? [];
  return (
    <Card size="small" title="配额分配" style={{ marginBottom: 16 }}>
      <Table<QuotaLineRow>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={lines}
        locale={{ emptyText: '没有供应商' }}
        data-testid="quota-lines"
        columns={[
          { title: '供应商', dataIndex: 'supplierName' },
          { title: '配额比例', dataIndex: 'quotaPct', width: 100, render: (v: number) => `${v}%` },
          { title: '基数', dataIndex: 'baseQty', width: 100 },
          { title: '已分配数量', dataIndex: 'allocatedQty', width: 110 },
          { title: '状态', dataIndex: 'active', width: 80, render: (v: number) => (v === 1 ? '有效' : '停用') },
        ]}
        summary={(rows) => (
          <Table.Summary.Row>
            <Table.Summary.Cell index={0}>合计</Table.Summary.Cell>
            <Table.Summary.Cell index={1}>
              <span data-testid="quota-detail-sum">{`${quotaShareSum(rows.filter((l) => l.active === 1))}%`}</span>
            </Table.Summary.Cell>
            <Table.Summary.Cell index={2} colSpan={3} />
          </Table.Summary.Row>
        )}
      />
    </Card>
  );
}

/** Where the arrangement came from (QUO-9: the award, its event and split line) and its validity; a pending one points to 审批中心. */
export function QuotaSourcePanel({ record }: { record: ResourceRecord }) {
  const q = detailOf(record);
  const units = useDictItems('srm_unit');
  return (
    <div data-testid="quota-source">
      <Descriptions size="small" column={2} bordered>
        <Descriptions.Item label="物料">{`${q.materialCode ?? ''} ${q.materialName}`}</Descriptions.Item>
        <Descriptions.Item label="有效期">{`${q.validFrom} 至 ${q.validTo}`}</Descriptions.Item>
        <Descriptions.Item label="来源询价" span={2}>
          {q.sourceEventCode ? `${q.sourceEventCode} ${q.sourceEventTitle ?? ''}` : '-'}
        </Descriptions.Item>
        <Descriptions.Item label="来源物料行">
          {q.sourceLine
            ? `第${q.sourceLine.lineNo}行（${q.sourceLine.qty} ${dictText(units.data, q.sourceLine.unit ?? '')}）`
            : '-'}
        </Descriptions.Item>
        <Descriptions.Item label="来源定标">
          {q.sourceAwardCode
            ? `${q.sourceAwardCode}${q.sourceAwardApprovedAt ? `（${q.sourceAwardApprovedAt} 批准）` : ''}`
            : '-'}
        </Descriptions.Item>
      </Descriptions>
      {q.status === 'PENDING_APPROVAL' && (
        <Typography.Text type="secondary" style={{ display: 'block', marginTop: 8 }}>
          该配额在 <Link to="/approval/todo">审批中心 › 我的待办</Link> 中审批，批准后生效。
        </Typography.Text>
      )}
    </div>
  );
}

/** The arrangement with its lines: the record when it came from the detail, else read afresh. */
function useQuota(record: ResourceRecord, open: boolean) {
  const given = detailOf(record).lines ? detailOf(record) : undefined;
  return useQuery({
    queryKey: ['quota', 'detail', record.id],
    queryFn: () => loadQuota(record.id),
    enabled: open && !given,
    initialData: given,
  });
}

/**
 * 提交审批 after a confirmation: QUO-1 on the stored shares before anything is sent (a sum other
 * than 100 is told and nothing posted); QUO-2 and the rest are the server's, its refusal shown as is.
 */
export function QuotaSubmitPanel({ record, open, onClose, onDone }: RowActionPanelProps) {
  const { message } = App.useApp();
  const { busy, run } = useCommand();
  const quota = useQuota(record, open);
  const submit = async () => {
    const q = quota.data;
    if (!q) return;
    const refusal = quotaShareRefusal(
      q.lines.filter((l) => l.active === 1),
      true,
    );
    if (refusal) {
      message.warning(withoutRuleIds(refusal));
      onClose();
      return;
    }
    await run(() => postAction('/srm/quota/submit', { id: q.id }), onDone);
  };
  return (
    <Modal
      open={open}
      title="提交审批"
      okText="提交"
      cancelText="取消"
      // Disabled while sending (a loading icon would rename the button).
      okButtonProps={{ disabled: busy || !quota.data }}
      onOk={() => void submit()}
      onCancel={onClose}
      destroyOnHidden
    >
      {`确定提交配额 ${String(record.code ?? '')} 审批？审批通过后生效，提交后不能修改。`}
    </Modal>
  );
}

/** 编辑: the quota form (live sum, supplier search, QUO-1 per line) on the arrangement read afresh. */
export function QuotaEditForm({ record, open, onClose, onDone }: RowActionPanelProps) {
  const quota = useQuery({
    queryKey: ['quota', 'edit', record.id],
    queryFn: () => loadQuota(record.id),
    enabled: open,
  });
  if (!quota.data) return open ? <Spin data-testid="quota-form-loading" /> : null;
  return (
    <QuotaForm
      key={`${quota.data.id}:${quota.data.version}`}
      quota={quota.data}
      open={open}
      onClose={onClose}
      onSaved={() => onDone?.()}
    />
  );
}
