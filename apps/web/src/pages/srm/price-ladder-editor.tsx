import { Button, Input, Space, Table, Typography } from 'antd';

/**
 * 阶梯价 (MAT-5) as rows of from-quantity and unit price instead of typed JSON. The field keeps
 * the server's text (`[{"fromQty":"0","unitPrice":"10.50"}, …]`, '' for none), so the API is unchanged.
 */
export type LadderRow = { fromQty: string; unitPrice: string };

const AMOUNT = /^\d{1,14}(\.\d{1,6})?$/;

export function parseLadder(value: unknown): LadderRow[] {
  if (typeof value !== 'string' || value.trim() === '') return [];
  try {
    const rows = JSON.parse(value) as unknown;
    if (!Array.isArray(rows)) return [];
    return rows.map((r: { fromQty?: unknown; unitPrice?: unknown }) => ({
      fromQty: r?.fromQty === undefined || r?.fromQty === null ? '' : String(r.fromQty),
      unitPrice: r?.unitPrice === undefined || r?.unitPrice === null ? '' : String(r.unitPrice),
    }));
  } catch {
    return [];
  }
}

const serialize = (rows: LadderRow[]) => (rows.length ? JSON.stringify(rows) : '');

/** What is wrong with the breaks, in the server's words (MAT-5), or null. */
export function ladderProblem(value: unknown): string | null {
  const rows = parseLadder(value);
  if (rows.length === 0) return null;
  for (const [i, r] of rows.entries())
    if (!AMOUNT.test(r.fromQty.trim()) || !AMOUNT.test(r.unitPrice.trim()))
      return `第${i + 1}档：起订量和单价必须是不小于0的数字`;
  if (Number(rows[0]!.fromQty) !== 0) return '第一档阶梯价的起订量必须为 0';
  for (let i = 1; i < rows.length; i++)
    if (Number(rows[i]!.fromQty) <= Number(rows[i - 1]!.fromQty)) return `第${i + 1}档：阶梯价的起订量必须严格递增`;
  return null;
}

/** A readable ladder for lists and details: "≥0：10.50；≥100：9.80". */
export function ladderText(value: unknown): string {
  const rows = parseLadder(value);
  return rows.length ? rows.map((r) => `≥${r.fromQty}：${r.unitPrice}`).join('；') : '-';
}

type Props = { id?: string; value?: string | null; onChange?: (value: string) => void; disabled?: boolean };

export function PriceLadderEditor({ id, value, onChange, disabled }: Props) {
  const rows = parseLadder(value);
  const emit = (next: LadderRow[]) => onChange?.(serialize(next));
  const set = (i: number, change: Partial<LadderRow>) => emit(rows.map((r, j) => (j === i ? { ...r, ...change } : r)));
  const add = () => {
    const last = rows.at(-1);
    emit([...rows, { fromQty: rows.length === 0 ? '0' : '', unitPrice: last?.unitPrice ?? '' }]);
  };
  return (
    <Space id={id} orientation="vertical" style={{ width: '100%' }} data-testid="price-ladder-editor">
      {rows.length === 0 ? (
        <Typography.Text type="secondary">未设置阶梯价，按单价计价</Typography.Text>
      ) : (
        <Table<LadderRow & { i: number }>
          size="small"
          rowKey="i"
          pagination={false}
          dataSource={rows.map((r, i) => ({ ...r, i }))}
          columns={[
            { title: '档位', width: 60, render: (_, r) => `第${r.i + 1}档` },
            {
              title: '起订量（含）',
              render: (_, r) => (
                <Input
                  aria-label={`第${r.i + 1}档起订量`}
                  disabled={disabled || (r.i === 0 && r.fromQty === '0')}
                  value={r.fromQty}
                  onChange={(e) => set(r.i, { fromQty: e.target.value })}
                />
              ),
            },
            {
              title: '不含税单价',
              render: (_, r) => (
                <Input
                  aria-label={`第${r.i + 1}档单价`}
                  disabled={disabled}
                  value={r.unitPrice}
                  onChange={(e) => set(r.i, { unitPrice: e.target.value })}
                />
              ),
            },
            {
              title: '操作',
              width: 70,
              render: (_, r) => (
                <Button
                  type="link"
                  danger
                  disabled={disabled}
                  onClick={() => emit(rows.filter((_x, j) => j !== r.i))}
                  aria-label={`删除第${r.i + 1}档`}
                >
                  删除
                </Button>
              ),
            },
          ]}
        />
      )}
      <Button onClick={add} disabled={disabled} data-testid="price-ladder-add">
        添加一档
      </Button>
    </Space>
  );
}
