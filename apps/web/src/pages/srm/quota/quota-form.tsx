import { useState } from 'react';
import { DateInput } from '../../../components/form/date-input';
import { App, Button, Form, Input, InputNumber, Modal, Select, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { quotaShareRefusal, quotaShareSum, withoutRuleIds } from '@procura/shared';
import { putAction } from '../../../lib/http';
import { fieldErrorsOf, setFieldErrors } from '../../../lib/form-errors';
import { searchSuppliers } from '../sourcing/sourcing-api';
import type { QuotaDetail } from './quota-api';

const QTY = /^\d{1,14}(\.\d{1,4})?$/;

type ShareDraft = { supplierId: string; supplierName: string; quotaPct: number | null; baseQty: string };
export type QuotaDraftValues = { validFrom: string; validTo: string; minSplitQty: string; lines: ShareDraft[] };

const sharesOf = (lines: ShareDraft[]) =>
  lines.map((l) => ({ supplierId: l.supplierId, quotaPct: l.quotaPct ?? Number.NaN }));

/** The fields of the draft that carry a message of their own. */
export const QUOTA_DRAFT_FIELDS = ['validFrom', 'validTo', 'minSplitQty', 'lines'] as const;
type QuotaDraftField = (typeof QUOTA_DRAFT_FIELDS)[number];

/**
 * What keeps the draft from being sent, by field (the server checks all of it again): validity,
 * minimum split quantity, QUO-1 over the shares. Empty when it may be saved.
 */
export function quotaDraftErrors(values: QuotaDraftValues): Partial<Record<QuotaDraftField, string>> {
  const errors: Partial<Record<QuotaDraftField, string>> = {};
  if (!values.validFrom) errors.validFrom = '请选择生效日期';
  if (!values.validTo) errors.validTo = '请选择失效日期';
  else if (values.validFrom && values.validTo < values.validFrom) errors.validTo = '失效日期不能早于生效日期';
  const min = (values.minSplitQty ?? '').trim();
  if (min && !QTY.test(min)) errors.minSplitQty = '最小拆分数量必须是不小于0的数字（最多4位小数）';
  const shares = quotaShareRefusal(sharesOf(values.lines ?? []), false);
  if (shares) errors.lines = withoutRuleIds(shares);
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

/** The shares table with its supplier search: the form's `lines` control. */
function SharesField({ value = [], onChange }: { value?: ShareDraft[]; onChange?: (lines: ShareDraft[]) => void }) {
  const set = (lines: ShareDraft[]) => onChange?.(lines);
  const sum = quotaShareSum(sharesOf(value));
  return (
    <Space orientation="vertical" style={{ width: '100%' }}>
      <Table<ShareDraft>
        rowKey="supplierId"
        size="small"
        pagination={false}
        dataSource={value}
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
                onChange={(v) =>
                  set(
                    value.map((x) =>
                      x.supplierId === l.supplierId ? { ...x, quotaPct: typeof v === 'number' ? v : null } : x,
                    ),
                  )
                }
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
                onClick={() => set(value.filter((x) => x.supplierId !== l.supplierId))}
              >
                移除
              </Button>
            ),
          },
        ]}
      />
      <Space wrap style={{ justifyContent: 'space-between', width: '100%' }}>
        <SupplierAdder
          present={value.map((l) => l.supplierId)}
          onAdd={(s) => set([...value, { supplierId: s.id, supplierName: s.name, quotaPct: null, baseQty: '0' }])}
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
    </Space>
  );
}

type FormValues = QuotaDraftValues & { remark: string };

/**
 * 编辑配额草稿 (domain §14): validity, minimum split quantity and the shares, with their live
 * sum. Nothing is sent while QUO-1 fails on a line; a sum other than 100 may be saved as a draft
 * but not submitted. Every message stands under its field, all at once; once a save was tried
 * they follow the fields as they change (a fixed field loses its message). Mounted afresh for
 * each opening, so it starts from the arrangement shown.
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
  const { message } = App.useApp();
  const [form] = Form.useForm<FormValues>();
  const [busy, setBusy] = useState(false);
  const [tried, setTried] = useState(false);
  const [initial] = useState<FormValues>(() => ({
    validFrom: quota.validFrom,
    validTo: quota.validTo,
    minSplitQty: quota.minSplitQty ?? '',
    remark: quota.remark ?? '',
    lines: quota.lines.map((l) => ({
      supplierId: l.supplierId,
      supplierName: l.supplierName,
      quotaPct: l.quotaPct,
      baseQty: l.baseQty,
    })),
  }));

  /** Puts the draft's messages under their fields and clears those of fields now fine; whether any is left. */
  const check = (values: FormValues): boolean => {
    const problems = quotaDraftErrors(values);
    setFieldErrors(
      form,
      QUOTA_DRAFT_FIELDS.map((name) => ({ name, errors: problems[name] ? [problems[name]] : [] })),
    );
    return Object.keys(problems).length > 0;
  };

  const save = async () => {
    const values = form.getFieldsValue(true) as FormValues;
    setTried(true);
    if (check(values)) return;
    const body = {
      id: quota.id,
      version: quota.version,
      validFrom: values.validFrom,
      validTo: values.validTo,
      minSplitQty: values.minSplitQty.trim(),
      remark: (values.remark ?? '').trim(),
      lines: values.lines.map((l) => ({ supplierId: l.supplierId, quotaPct: l.quotaPct!, baseQty: l.baseQty })),
    };
    setBusy(true);
    try {
      const answer = await putAction('/srm/quota/edit', body, { quiet: [400] });
      if (!answer.success) {
        message.warning(answer.message);
        return;
      }
      message.success(answer.message);
      onSaved();
    } catch (error) {
      const errors = fieldErrorsOf(error);
      if (errors === null) return;
      const here = Object.entries(errors).filter(([name]) => (QUOTA_DRAFT_FIELDS as readonly string[]).includes(name));
      setFieldErrors(
        form,
        here.map(([name, text]) => ({ name, errors: [text] })),
      );
      if (here.length === 0) message.error(error instanceof Error ? error.message : '保存失败');
    } finally {
      setBusy(false);
    }
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
        <Button key="ok" type="primary" loading={busy} onClick={() => void save()} data-testid="quota-save">
          保存
        </Button>,
      ]}
    >
      <Form<FormValues>
        form={form}
        layout="vertical"
        initialValues={initial}
        onValuesChange={(_, all) => {
          if (tried) check(all);
        }}
        data-testid="quota-form"
      >
        <Typography.Paragraph>{`物料：${quota.materialCode ?? ''} ${quota.materialName}`}</Typography.Paragraph>
        <Space wrap align="start">
          <Form.Item label="生效日期" name="validFrom" required>
            <DateInput disablePast aria-label="生效日期" />
          </Form.Item>
          <Form.Item label="失效日期" name="validTo" required>
            <DateInput disablePast aria-label="失效日期" />
          </Form.Item>
          <Form.Item label="最小拆分数量" name="minSplitQty">
            <Input aria-label="最小拆分数量" style={{ width: 160 }} placeholder="低于此数量不拆分" />
          </Form.Item>
        </Space>
        <div data-testid="quota-form-lines">
          <Form.Item label="配额" name="lines" required>
            <SharesField />
          </Form.Item>
        </div>
        <Form.Item label="备注" name="remark">
          <Input.TextArea rows={2} maxLength={500} placeholder="备注" aria-label="备注" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
