import { useState } from 'react';
import { DateInput } from '../../../components/form/date-input';
import { Alert, Button, Input, InputNumber, Modal, Select, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { quotaShareRefusal, quotaShareSum, withoutRuleIds } from '@procura/shared';
import { putAction } from '../../../lib/http';
import { useCommand } from '../../../lib/use-command';
import { searchSuppliers } from '../sourcing/sourcing-api';
import type { QuotaDetail } from './quota-api';

const QTY = /^\d{1,14}(\.\d{1,4})?$/;

type ShareDraft = { supplierId: string; supplierName: string; quotaPct: number | null; baseQty: string };
export type QuotaDraftValues = { validFrom: string; validTo: string; minSplitQty: string; lines: ShareDraft[] };

const sharesOf = (lines: ShareDraft[]) =>
  lines.map((l) => ({ supplierId: l.supplierId, quotaPct: l.quotaPct ?? Number.NaN }));

/** What keeps the draft from being sent (the server checks all of it again): validity, minimum split quantity, QUO-1 per line. */
export function quotaDraftErrors(values: QuotaDraftValues): string[] {
  const errors: string[] = [];
  if (!values.validFrom || !values.validTo) errors.push('请填写生效日期和失效日期');
  else if (values.validTo < values.validFrom) errors.push('失效日期不能早于生效日期');
  const min = values.minSplitQty.trim();
  if (min && !QTY.test(min)) errors.push('最小拆分数量必须是不小于0的数字（最多4位小数）');
  const shares = quotaShareRefusal(sharesOf(values.lines), false);
  if (shares) errors.push(withoutRuleIds(shares));
  return errors;
}

/** The supplier search of the add row: suppliers by name, those already in the quota left out (QUO-1). */
function SupplierAdder({ present, onAdd }: { present: string[]; onAdd: (s: { id: string; name: string }) => void }) {
  const [keyword, setKeyword] = useState('');
  const [picked, setPicked] = useState<string | undefined>();
  const found = useQuery({ queryKey: ['quota', 'suppliers', keyword], queryFn: () => searchSuppliers(keyword) });
  const options = (found.data?.records ?? []).filter((s) => !present.includes(s.id));
  return (
    <Space>
      <Select
        aria-label="添加供应商"
        style={{ width: 320 }}
        placeholder="搜索供应商名称"
        showSearch={{ filterOption: false, onSearch: setKeyword }}
        loading={found.isFetching}
        notFoundContent={found.isError ? '供应商加载失败' : '无匹配的供应商'}
        value={picked}
        onChange={setPicked}
        options={options.map((s) => ({ value: s.id, label: `${s.code} ${s.name}` }))}
      />
      <Button
        disabled={!picked}
        onClick={() => {
          const s = options.find((o) => o.id === picked);
          if (s) onAdd(s);
          setPicked(undefined);
        }}
      >
        添加
      </Button>
    </Space>
  );
}

/**
 * 编辑配额草稿 (domain §14): validity, minimum split quantity and the shares, with their live
 * sum. Nothing is sent while QUO-1 fails on a line; a sum other than 100 may be saved as a draft
 * but not submitted. Mounted afresh for each opening, so it starts from the arrangement shown.
 */
export function QuotaForm({
  quota,
  open,
  onClose,
  onSaved,
}: {
  quota: QuotaDetail;
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
}) {
  const { busy, run } = useCommand();
  const [values, setValues] = useState<QuotaDraftValues>(() => ({
    validFrom: quota.validFrom,
    validTo: quota.validTo,
    minSplitQty: quota.minSplitQty ?? '',
    lines: quota.lines.map((l) => ({
      supplierId: l.supplierId,
      supplierName: l.supplierName,
      quotaPct: l.quotaPct,
      baseQty: l.baseQty,
    })),
  }));
  const [remark, setRemark] = useState(quota.remark ?? '');
  const [errors, setErrors] = useState<string[]>([]);
  const sum = quotaShareSum(sharesOf(values.lines));
  const set = (change: Partial<QuotaDraftValues>) => setValues((v) => ({ ...v, ...change }));
  const setPct = (supplierId: string, quotaPct: number | null) =>
    set({ lines: values.lines.map((l) => (l.supplierId === supplierId ? { ...l, quotaPct } : l)) });

  const save = () => {
    const problems = quotaDraftErrors(values);
    setErrors(problems);
    if (problems.length) return;
    const body = {
      id: quota.id,
      version: quota.version,
      validFrom: values.validFrom,
      validTo: values.validTo,
      minSplitQty: values.minSplitQty.trim(),
      remark: remark.trim(),
      lines: values.lines.map((l) => ({ supplierId: l.supplierId, quotaPct: l.quotaPct!, baseQty: l.baseQty })),
    };
    void run(() => putAction('/srm/quota/edit', body), onSaved);
  };

  return (
    <Modal
      title={`编辑配额 ${quota.code}`}
      open={open}
      width={900}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={busy} onClick={save} data-testid="quota-save">
          保存
        </Button>,
      ]}
    >
      <Space orientation="vertical" style={{ width: '100%' }} data-testid="quota-form">
        {errors.length > 0 && <Alert type="error" showIcon title={errors.join('；')} data-testid="quota-form-errors" />}
        <Typography.Text>{`物料：${quota.materialCode ?? ''} ${quota.materialName}`}</Typography.Text>
        <Space wrap>
          <span>生效日期</span>
          <DateInput
            disablePast
            aria-label="生效日期"
            value={values.validFrom}
            onChange={(v) => set({ validFrom: v })}
          />
          <span>失效日期</span>
          <DateInput disablePast aria-label="失效日期" value={values.validTo} onChange={(v) => set({ validTo: v })} />
          <span>最小拆分数量</span>
          <Input
            aria-label="最小拆分数量"
            style={{ width: 140 }}
            placeholder="低于此数量不拆分"
            value={values.minSplitQty}
            onChange={(e) => set({ minSplitQty: e.target.value })}
          />
        </Space>
        <Table<ShareDraft>
          rowKey="supplierId"
          size="small"
          pagination={false}
          dataSource={values.lines}
          locale={{ emptyText: '请添加供应商' }}
          columns={[
            { title: '供应商', dataIndex: 'supplierName' },
            {
              title: '配额比例（%）',
              width: 160,
              render: (_: unknown, l) => (
                <InputNumber
                  aria-label={`${l.supplierName}配额比例`}
                  min={1}
                  max={100}
                  precision={0}
                  value={l.quotaPct}
                  onChange={(v) => setPct(l.supplierId, typeof v === 'number' ? v : null)}
                />
              ),
            },
            {
              title: '操作',
              width: 80,
              render: (_: unknown, l) => (
                <Button
                  size="small"
                  type="link"
                  danger
                  onClick={() => set({ lines: values.lines.filter((x) => x.supplierId !== l.supplierId) })}
                >
                  移除
                </Button>
              ),
            },
          ]}
        />
        <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
          <SupplierAdder
            present={values.lines.map((l) => l.supplierId)}
            onAdd={(s) =>
              set({
                lines: [...values.lines, { supplierId: s.id, supplierName: s.name, quotaPct: null, baseQty: '0' }],
              })
            }
          />
          <Typography.Text
            strong
            type={sum === 100 ? 'success' : 'danger'}
            data-testid="quota-sum"
          >{`合计：${sum}%`}</Typography.Text>
        </Space>
        {sum !== 100 && (
          <Typography.Text type="warning">{`各供应商配额比例合计须为100%，当前${sum}%；可先保存草稿，提交审批前须调整`}</Typography.Text>
        )}
        <Input.TextArea
          rows={2}
          maxLength={500}
          placeholder="备注"
          aria-label="备注"
          value={remark}
          onChange={(e) => setRemark(e.target.value)}
        />
      </Space>
    </Modal>
  );
}
