import { Alert, Button, Card, Space, Spin, Table, Tag, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { CONTRACT_PAGE, detailHref } from '@procura/shared';
import { useHasPermission } from '../../components/has';
import { getAction, postAction } from '../../lib/http';
import { useCommand } from '../../lib/use-command';

/** The buyer's order list (采购订单). */
export const ORDER_PAGE = '/purchase/order/list';

type FollowUpLine = {
  id: string;
  lineNo: number;
  materialName: string;
  qty: string;
  unitPrice: string;
  taxRate: string;
  qtyOrdered: string;
  remaining: string;
};
type Doc = { id: string; code: string; status: string };
export type AwardSupplierFollowUp = {
  supplierId: string;
  supplierName: string;
  lines: FollowUpLine[];
  contract: Doc | null;
  orders: Doc[];
  contractDraft: Record<string, string> | null;
  canOrder: boolean;
};

async function loadFollowUp(awardId: string): Promise<AwardSupplierFollowUp[]> {
  const body = await getAction<{ suppliers: AwardSupplierFollowUp[] }>('/srm/contract/awardFollowUp', { awardId });
  if (!body.success || !body.result) throw new Error(body.message || '定标结果加载失败');
  return body.result.suppliers;
}

/** One awarded supplier: its lines, the contract and orders made from them, and the two buttons. */
function SupplierFollowUp({
  awardId,
  s,
  onDone,
}: {
  awardId: string;
  s: AwardSupplierFollowUp;
  onDone: () => Promise<unknown>;
}) {
  const navigate = useNavigate();
  // The panel is read with either list right; each button and link shows by its own right.
  const canContract = useHasPermission('contract:add');
  const canOrder = useHasPermission('purchaseOrder:add');
  const seesContracts = useHasPermission('contract:list');
  const seesOrders = useHasPermission('purchaseOrder:list');
  const contractCmd = useCommand();
  const orderCmd = useCommand();
  const run = async (cmd: ReturnType<typeof useCommand>, url: string, body: Record<string, unknown>, path: string) => {
    let id: string | undefined;
    await cmd.run(
      async () => {
        const answer = await postAction<{ id: string }>(url, body);
        id = answer.result?.id;
        return answer;
      },
      async () => {
        await onDone();
        if (id) navigate(detailHref(path, id));
      },
    );
  };
  return (
    <Card size="small" title={s.supplierName} data-testid={`award-follow-up-${s.supplierId}`}>
      <Table
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={s.lines}
        columns={[
          { title: '行号', dataIndex: 'lineNo', width: 60 },
          { title: '物料', dataIndex: 'materialName' },
          { title: '中标数量', dataIndex: 'qty' },
          { title: '单价（不含税）', dataIndex: 'unitPrice' },
          { title: '税率（%）', dataIndex: 'taxRate' },
          { title: '已下单', dataIndex: 'qtyOrdered' },
          { title: '剩余可下单', dataIndex: 'remaining' },
        ]}
      />
      <Space wrap style={{ marginTop: 8 }}>
        {seesContracts && s.contract ? (
          <Typography.Link onClick={() => navigate(detailHref(CONTRACT_PAGE, s.contract!.id))}>
            {`合同 ${s.contract.code}`}
          </Typography.Link>
        ) : null}
        {(seesOrders ? s.orders : []).map((o) => (
          <Typography.Link key={o.id} onClick={() => navigate(detailHref(ORDER_PAGE, o.id))}>
            <Tag>{`订单 ${o.code}`}</Tag>
          </Typography.Link>
        ))}
        {canContract && s.contractDraft ? (
          <Button
            type="primary"
            loading={contractCmd.busy}
            data-testid="award-make-contract"
            onClick={() => void run(contractCmd, '/srm/contract/add', s.contractDraft!, CONTRACT_PAGE)}
          >
            生成合同
          </Button>
        ) : null}
        {canOrder && s.canOrder ? (
          <Button
            loading={orderCmd.busy}
            data-testid="award-make-order"
            onClick={() =>
              void run(orderCmd, '/srm/order/fromAward', { awardId, supplierId: s.supplierId }, ORDER_PAGE)
            }
          >
            生成订单
          </Button>
        ) : null}
      </Space>
    </Card>
  );
}

/**
 * Under a FINAL award (询价, 招标 and 竞价 alike): per awarded supplier 生成合同 — a DRAFT contract
 * whose supplier, lines, prices and quantities come from the award and stay locked (CON-1; one
 * contract per award line) — and 生成订单 — a DRAFT order at the awarded prices for what is left
 * to order (PO-3). Each opens the new draft; the documents made so far are linked.
 */
export function AwardFollowUp({ awardId }: { awardId: string }) {
  const q = useQuery({ queryKey: ['award-follow-up', awardId], queryFn: () => loadFollowUp(awardId) });
  if (q.isPending) return <Spin />;
  if (q.isError) return <Alert type="error" showIcon title={q.error.message} />;
  return (
    <Space orientation="vertical" style={{ width: '100%' }} data-testid="award-follow-up">
      {q.data.map((s) => (
        <SupplierFollowUp key={s.supplierId} awardId={awardId} s={s} onDone={() => q.refetch()} />
      ))}
    </Space>
  );
}
