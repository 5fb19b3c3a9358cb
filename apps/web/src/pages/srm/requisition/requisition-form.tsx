import { useEffect, useState } from 'react';
import { App, Button, Drawer, Form, Input, Select, Space, Table, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { postAction } from '../../../lib/http';
import { useDictItems } from '../../../lib/dict';
import { DateInput } from '../../../components/form/date-input';
import { fieldErrorsOf, setFieldErrors } from '../../../lib/form-errors';
import { closeAskingIfDirty } from '../../../lib/leave-confirm';
import { useUnsavedChanges } from '../../../lib/unsaved-changes';
import {
  businessToday,
  loadOptions,
  PURCHASE_TYPES,
  type MaterialOption,
  type RequisitionDetail,
} from './requisition-api';
import { Boxed, MaterialSelect, WithMaterial } from './requisition-line-fields';
import { editValuesOf, fieldPath, type RequisitionValues } from './requisition-values';

export type { RequisitionValues } from './requisition-values';

const QTY = /^\d{1,14}(\.\d{1,4})?$/;
const PRICE = /^\d{1,12}(\.\d{1,6})?$/;

const options = (map: Record<string, string>) => Object.entries(map).map(([value, label]) => ({ value, label }));

/**
 * The requisition form (PR-1): header and an editable lines table with the material picker; a
 * line without a material needs its description, category and unit. Saves a draft; the server
 * checks everything again.
 */
export function RequisitionForm({
  open,
  editing,
  onClose,
  onSaved,
}: {
  open: boolean;
  editing: RequisitionDetail | null;
  onClose: () => void;
  onSaved: (id: string) => void;
}) {
  const [form] = Form.useForm<RequisitionValues>();
  const { message, modal } = App.useApp();
  const [saving, setSaving] = useState(false);
  // What was typed is kept from a reload or a navigation away without asking (spec part 2 §5).
  const [dirty, setDirty] = useState(false);
  const release = useUnsavedChanges(open && dirty);
  const close = () =>
    closeAskingIfDirty(modal, dirty, release, () => {
      setDirty(false);
      onClose();
    });
  const opts = useQuery({ queryKey: ['requisition', 'options'], queryFn: loadOptions, enabled: open });
  const urgency = Form.useWatch('urgency', form);
  const units = useDictItems('srm_unit');
  const unitOptions = (units.data ?? []).map((u) => ({ value: String(u.value), label: u.text }));

  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (editing) {
      form.setFieldsValue(editValuesOf(editing));
    } else {
      form.setFieldsValue({ purchaseType: 'GOODS', urgency: 'NORMAL', lines: [{}] });
    }
  }, [open, editing, form]);

  const save = async () => {
    let values: RequisitionValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    const body = {
      ...values,
      lines: (values.lines ?? []).map((l) => ({
        ...l,
        materialId: l.materialId || null,
        categoryId: l.categoryId || null,
      })),
    };
    setSaving(true);
    try {
      const answer = editing
        ? await postAction<null>(
            '/srm/requisition/edit',
            { ...body, id: editing.id, version: editing.version },
            { quiet: [400] },
          )
        : await postAction<{ id: string }>('/srm/requisition/add', body, { quiet: [400] });
      if (!answer.success) {
        message.warning(answer.message);
        return;
      }
      message.success(answer.message || '采购申请已保存');
      release();
      setDirty(false);
      onSaved(editing ? editing.id : (answer.result as { id: string }).id);
    } catch (error) {
      const errors = fieldErrorsOf(error);
      if (errors === null) return;
      setFieldErrors(
        form,
        Object.entries(errors).map(([key, text]) => ({ name: fieldPath(key), errors: [text] })),
      );
      message.error(error instanceof Error ? error.message : '保存失败');
    } finally {
      setSaving(false);
    }
  };

  const initialOf = (index: number): MaterialOption | null => {
    const l = editing?.lines[index];
    return l?.materialId
      ? {
          id: l.materialId,
          code: l.materialCode ?? '',
          name: l.materialName ?? '',
          spec: l.spec,
          unit: l.unit,
          categoryId: l.categoryId ?? '',
        }
      : null;
  };

  return (
    <Drawer
      title={editing ? `编辑采购申请 ${editing.code}` : '新建采购申请'}
      open={open}
      onClose={close}
      size={1200}
      destroyOnHidden
      extra={
        <Space>
          <Button onClick={close}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => void save()} data-testid="requisition-save">
            保存草稿
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        name="requisition"
        layout="vertical"
        data-testid="requisition-form"
        onValuesChange={() => setDirty(true)}
      >
        <Space wrap align="start">
          <Form.Item
            name="title"
            label="申请标题"
            rules={[
              { required: true, whitespace: true, message: '请填写申请标题' },
              { max: 200, message: '申请标题不能超过200个字符' },
            ]}
          >
            <Input style={{ width: 320 }} />
          </Form.Item>
          <Form.Item name="purchaseType" label="采购类型" rules={[{ required: true, message: '请选择采购类型' }]}>
            <Select style={{ width: 120 }} options={options(PURCHASE_TYPES)} />
          </Form.Item>
          <Form.Item name="urgency" label="紧急程度">
            <Select
              style={{ width: 120 }}
              options={[
                { value: 'NORMAL', label: '普通' },
                { value: 'URGENT', label: '紧急' },
              ]}
            />
          </Form.Item>
          {urgency === 'URGENT' && (
            <Form.Item
              name="urgentReason"
              label="紧急原因"
              rules={[{ required: true, whitespace: true, message: '紧急采购请填写紧急原因' }]}
            >
              <Input style={{ width: 280 }} />
            </Form.Item>
          )}
          <Form.Item name="buyerId" label="采购员">
            <Select
              allowClear
              style={{ width: 160 }}
              placeholder="默认取物料分类的采购员"
              loading={opts.isPending}
              options={(opts.data?.buyers ?? []).map((b) => ({ value: b.id, label: b.realname || b.username }))}
            />
          </Form.Item>
          <Form.Item name="deliveryPlace" label="交货地点">
            <Input style={{ width: 280 }} />
          </Form.Item>
        </Space>
        <Form.Item name="reason" label="采购用途">
          <Input.TextArea rows={2} maxLength={2000} />
        </Form.Item>
        <Typography.Title level={5}>采购明细</Typography.Title>
        <Form.List name="lines">
          {(fields, { add, remove }) => (
            <>
              <Table
                size="small"
                rowKey="key"
                pagination={false}
                scroll={{ x: 1400 }}
                dataSource={fields}
                locale={{ emptyText: '请添加采购明细' }}
                columns={[
                  { title: '行号', width: 50, render: (_: unknown, __, index) => index + 1 },
                  {
                    title: '物料',
                    width: 240,
                    render: (_: unknown, field) => (
                      <Form.Item name={[field.name, 'materialId']} noStyle>
                        <MaterialSelect
                          index={field.name}
                          initial={initialOf(field.name)}
                          onPicked={(m) => {
                            if (m) form.setFieldValue(['lines', field.name, 'unit'], m.unit);
                          }}
                        />
                      </Form.Item>
                    ),
                  },
                  {
                    title: '物料描述',
                    width: 180,
                    render: (_: unknown, field) => (
                      <Form.Item
                        name={[field.name, 'description']}
                        style={{ margin: 0 }}
                        rules={[
                          {
                            validator: async (_r, v: string | undefined) => {
                              if (!form.getFieldValue(['lines', field.name, 'materialId']) && !v?.trim())
                                throw new Error('非目录物料须填写物料描述');
                            },
                          },
                        ]}
                      >
                        <Input placeholder="非目录物料必填" data-testid={`line-description-${field.name}`} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: '物料分类',
                    width: 160,
                    render: (_: unknown, field) => (
                      <WithMaterial index={field.name}>
                        {(hasMaterial) =>
                          hasMaterial ? (
                            <Typography.Text type="secondary">随物料</Typography.Text>
                          ) : (
                            <Form.Item
                              name={[field.name, 'categoryId']}
                              style={{ margin: 0 }}
                              rules={[{ required: true, message: '请选择物料分类' }]}
                            >
                              <Boxed
                                testId={`line-category-${field.name}`}
                                showSearch={{ optionFilterProp: 'label' }}
                                options={(opts.data?.categories ?? []).map((c) => ({
                                  value: c.id,
                                  label: `${c.code} ${c.name}`,
                                }))}
                              />
                            </Form.Item>
                          )
                        }
                      </WithMaterial>
                    ),
                  },
                  {
                    title: '数量',
                    width: 110,
                    render: (_: unknown, field) => (
                      <Form.Item
                        name={[field.name, 'qty']}
                        style={{ margin: 0 }}
                        rules={[
                          { required: true, message: '请填写数量' },
                          {
                            validator: async (_r, v: string | undefined) => {
                              if (v && (!QTY.test(v) || Number(v) <= 0))
                                throw new Error('数量必须大于0（最多4位小数）');
                            },
                          },
                        ]}
                      >
                        <Input data-testid={`line-qty-${field.name}`} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: '单位',
                    width: 90,
                    render: (_: unknown, field) => (
                      <WithMaterial index={field.name}>
                        {(hasMaterial) => (
                          <Form.Item
                            name={[field.name, 'unit']}
                            style={{ margin: 0 }}
                            rules={[{ required: true, message: '请选择单位' }]}
                          >
                            <Boxed testId={`line-unit-${field.name}`} disabled={hasMaterial} options={unitOptions} />
                          </Form.Item>
                        )}
                      </WithMaterial>
                    ),
                  },
                  {
                    title: '需求日期',
                    width: 150,
                    render: (_: unknown, field) => (
                      <Form.Item
                        name={[field.name, 'needByDate']}
                        style={{ margin: 0 }}
                        rules={[
                          { required: true, message: '请选择需求日期' },
                          {
                            validator: async (_r, v: string | undefined) => {
                              if (v && v < businessToday()) throw new Error('需求日期不能早于今天');
                            },
                          },
                        ]}
                      >
                        <DateInput disablePast aria-label="需求日期" data-testid={`line-date-${field.name}`} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: '预估单价',
                    width: 110,
                    render: (_: unknown, field) => (
                      <Form.Item
                        name={[field.name, 'estimatedUnitPrice']}
                        style={{ margin: 0 }}
                        rules={[{ pattern: PRICE, message: '单价必须是不小于0的数字' }]}
                      >
                        <Input data-testid={`line-price-${field.name}`} />
                      </Form.Item>
                    ),
                  },
                  {
                    title: '规格型号',
                    width: 140,
                    render: (_: unknown, field) => (
                      <WithMaterial index={field.name}>
                        {(hasMaterial) => (
                          <Form.Item name={[field.name, 'spec']} style={{ margin: 0 }}>
                            <Input disabled={hasMaterial} placeholder={hasMaterial ? '随物料' : ''} />
                          </Form.Item>
                        )}
                      </WithMaterial>
                    ),
                  },
                  {
                    title: '交货地点',
                    width: 140,
                    render: (_: unknown, field) => (
                      <Form.Item name={[field.name, 'deliveryPlace']} style={{ margin: 0 }}>
                        <Input />
                      </Form.Item>
                    ),
                  },
                  {
                    title: '操作',
                    width: 70,
                    fixed: 'right',
                    render: (_: unknown, field) => (
                      <Button
                        type="link"
                        size="small"
                        danger
                        disabled={fields.length <= 1}
                        onClick={() => remove(field.name)}
                        data-testid={`line-remove-${field.name}`}
                      >
                        删除
                      </Button>
                    ),
                  },
                ]}
              />
              <Button type="dashed" block style={{ marginTop: 8 }} onClick={() => add({})} data-testid="line-add">
                添加一行
              </Button>
            </>
          )}
        </Form.List>
      </Form>
    </Drawer>
  );
}
