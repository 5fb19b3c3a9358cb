import { useEffect, useState } from 'react';
import { App, Alert, Button, Checkbox, Descriptions, Divider, Form, Input, Modal, Select, Space } from 'antd';
import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import type { z } from 'zod';
import {
  CHANGE_FIELD_KEYS,
  CHANGE_FIELDS,
  CONTACT_FIELD_KEYS,
  CONTACT_ROLE_LABELS,
  CONTACT_ROLES,
  CRITICAL_SECTIONS,
  EVIDENCE_REQUIRED_MESSAGE,
  changeDraftSchema,
  changeRequestSchema,
  type ChangeContact,
  type ChangeFormValues,
  type ChangeRequestInput,
} from '@procura/shared';
import { FileUpload } from '../../components/upload/file-upload';
import { setFieldErrors, showFieldErrors } from '../../lib/form-errors';
import { HttpError, postAction } from '../../lib/http';

type Values = ChangeRequestInput;
type Issue = { name: (string | number)[]; errors: string[] };
/** A draft being edited: its id and what it wants (the server laid it over the current profile). */
export type ChangeDraft = ChangeFormValues & { id: string; reason: string; files: string };

const ROLE_OPTIONS = CONTACT_ROLES.map((value) => ({ value, label: CONTACT_ROLE_LABELS[value] }));
const contactKey = (c: Partial<ChangeContact>) => CONTACT_FIELD_KEYS.map((f) => String(c[f] ?? '')).join('|');
/** Whether the wanted contact list differs from the current one (order aside). */
function contactsChanged(current: readonly ChangeContact[], wanted: readonly ChangeContact[]): boolean {
  if (current.length !== wanted.length) return true;
  const byId = new Map(current.map((c) => [c.id, c]));
  return wanted.some((c) => !c.id || !byId.has(c.id) || contactKey(byId.get(c.id)!) !== contactKey(c));
}

/**
 * The change request form (domain §5): starts from the current values (or a draft's) of the
 * controlled fields and contacts; the server keeps only what differs. Critical fields need
 * evidence (CHG-3); contacts alone do not. 保存草稿 keeps it for later (suppliers only).
 */
export function ChangeRequestForm({
  open,
  current,
  draft,
  allowDraft = false,
  onClose,
  onDone,
  submitUrl = '/supplierChange/submit',
}: {
  open: boolean;
  current: ChangeFormValues | undefined;
  /** The draft being edited, if any. */
  draft?: ChangeDraft | null;
  /** Offer 保存草稿 (the supplier's own requests). */
  allowDraft?: boolean;
  onClose: () => void;
  onDone: () => void;
  /** The supplier's own route, or the buyer's `/supplierChange/submitFor?supplierId=…`. */
  submitUrl?: string;
}) {
  const [form] = Form.useForm<Values>();
  const { message } = App.useApp();
  const [saving, setSaving] = useState<'draft' | 'submit' | null>(null);
  const [contactError, setContactError] = useState<string | null>(null);
  useEffect(() => {
    if (!open || !current) return;
    const start = draft ?? { ...current, reason: '', files: '' };
    form.setFieldsValue({ ...start, contacts: (start.contacts ?? []).map((c) => ({ ...c })) } as Values);
  }, [open, current, draft, form]);
  const close = () => {
    setContactError(null);
    onClose();
  };

  const showIssues = (issues: Issue[]) => {
    setFieldErrors(
      form,
      issues.filter((i) => i.name.length > 0 && !(i.name.length === 1 && i.name[0] === 'contacts')),
    );
    setContactError(issues.find((i) => i.name.length === 1 && i.name[0] === 'contacts')?.errors[0] ?? null);
  };

  const send = async (kind: 'draft' | 'submit') => {
    setContactError(null);
    const raw = { ...(form.getFieldsValue(true) as Values), ...(draft ? { id: draft.id } : {}) };
    // The shared schemas are the server's: show every refusal under its field before sending.
    const parsed = (kind === 'draft' ? changeDraftSchema : changeRequestSchema).safeParse(raw);
    const issues: Issue[] = parsed.success
      ? []
      : parsed.error.issues.map((i) => ({
          name: i.path.filter((p): p is string | number => typeof p !== 'symbol'),
          errors: [i.message],
        }));
    const data = raw as z.output<typeof changeDraftSchema>;
    const criticalChanged =
      current !== undefined &&
      CHANGE_FIELD_KEYS.some(
        (f) => CRITICAL_SECTIONS.includes(CHANGE_FIELDS[f].section) && (data[f] ?? '').trim() !== current[f],
      );
    // CHG-3: evidence for critical fields, checked together with the rest (every reason at once).
    if (kind === 'submit' && criticalChanged && !(data.files ?? '').trim())
      issues.push({ name: ['files'], errors: [EVIDENCE_REQUIRED_MESSAGE] });
    if (issues.length > 0 || !parsed.success) {
      showIssues(issues);
      return;
    }
    const value = parsed.data;
    if (
      current &&
      !criticalChanged &&
      !contactsChanged(current.contacts ?? [], value.contacts ?? current.contacts ?? [])
    ) {
      message.warning('没有需要变更的内容');
      return;
    }
    setSaving(kind);
    try {
      const answer = await postAction(kind === 'draft' ? '/supplierChange/saveDraft' : submitUrl, value, {
        quiet: [400],
      });
      if (!answer.success) {
        message.warning(answer.message);
        return;
      }
      message.success(answer.message);
      setContactError(null);
      onDone();
    } catch (error) {
      // A 400 names its fields (e.g. a USCC another supplier holds); other failures were reported by the HTTP client.
      if (
        showFieldErrors(form, error, [...CHANGE_FIELD_KEYS, 'reason', 'files']) !== null &&
        error instanceof HttpError
      )
        message.error(error.body?.message || '提交的信息有误，请检查');
    } finally {
      setSaving(null);
    }
  };

  // One primary contact: ticking one unticks the others.
  const makePrimary = (index: number, checked: boolean) => {
    const list = (form.getFieldValue('contacts') as ChangeContact[] | undefined) ?? [];
    form.setFieldValue(
      'contacts',
      list.map((c, i) => ({ ...c, isPrimary: i === index ? checked : checked ? false : c.isPrimary })),
    );
  };

  return (
    <Modal
      title={draft ? '编辑变更申请草稿' : '发起变更申请'}
      open={open}
      onCancel={close}
      width={820}
      destroyOnHidden
      footer={
        <Space>
          <Button onClick={close}>取消</Button>
          {allowDraft && (
            <Button
              loading={saving === 'draft'}
              disabled={saving !== null}
              onClick={() => void send('draft')}
              data-testid="change-save-draft"
            >
              保存草稿
            </Button>
          )}
          <Button
            type="primary"
            loading={saving === 'submit'}
            disabled={saving !== null}
            onClick={() => void send('submit')}
            data-testid="change-submit"
          >
            提交
          </Button>
        </Space>
      }
    >
      <Alert
        type="info"
        showIcon
        style={{ marginBottom: 16 }}
        title="企业名称、统一社会信用代码、法定代表人和银行账户的变更须上传证明材料，经采购经理审批后生效；只变更联系人无需证明材料，由采购员审批。"
      />
      <Descriptions size="small" column={2} title="当前信息" style={{ marginBottom: 16 }} data-testid="change-current">
        {CHANGE_FIELD_KEYS.map((f) => (
          <Descriptions.Item key={f} label={CHANGE_FIELDS[f].label}>
            {current?.[f] || '-'}
          </Descriptions.Item>
        ))}
      </Descriptions>
      <Form form={form} layout="vertical" data-testid="change-form">
        {CHANGE_FIELD_KEYS.map((f) => (
          <Form.Item
            key={f}
            name={f}
            label={`新${CHANGE_FIELDS[f].label}`}
            rules={[{ required: true, message: `请输入${CHANGE_FIELDS[f].label}` }]}
          >
            <Input />
          </Form.Item>
        ))}
        <Divider titlePlacement="start" plain>
          联系人
        </Divider>
        <Form.List name="contacts">
          {(fields, { add, remove }) => (
            <div data-testid="change-contacts">
              {fields.map((field, index) => (
                <Space key={field.key} align="start" wrap data-testid="change-contact-row">
                  <Form.Item
                    name={[field.name, 'name']}
                    label="姓名"
                    rules={[{ required: true, message: '请输入联系人姓名' }]}
                  >
                    <Input style={{ width: 110 }} />
                  </Form.Item>
                  <Form.Item
                    name={[field.name, 'mobile']}
                    label="手机"
                    rules={[{ required: true, message: '请输入正确的手机号码' }]}
                  >
                    <Input style={{ width: 140 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'email']} label="邮箱">
                    <Input style={{ width: 190 }} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'role']} label="职责">
                    <Select style={{ width: 90 }} options={ROLE_OPTIONS} />
                  </Form.Item>
                  <Form.Item name={[field.name, 'isPrimary']} label="主联系人" valuePropName="checked">
                    <Checkbox onChange={(e) => makePrimary(index, e.target.checked)} />
                  </Form.Item>
                  <Form.Item label=" ">
                    <Button
                      type="text"
                      danger
                      icon={<DeleteOutlined />}
                      aria-label="删除联系人"
                      onClick={() => remove(field.name)}
                    />
                  </Form.Item>
                </Space>
              ))}
              {contactError && (
                <Alert
                  type="error"
                  showIcon
                  style={{ marginBottom: 8 }}
                  title={contactError}
                  data-testid="change-contacts-error"
                />
              )}
              <Button
                type="dashed"
                icon={<PlusOutlined />}
                onClick={() =>
                  add({ name: '', mobile: '', email: '', role: 'BUSINESS', isPrimary: fields.length === 0 })
                }
                style={{ marginBottom: 16 }}
              >
                添加联系人
              </Button>
            </div>
          )}
        </Form.List>
        <Form.Item name="reason" label="变更原因" rules={[{ required: true, message: '请填写变更原因' }]}>
          <Input.TextArea rows={3} maxLength={1000} />
        </Form.Item>
        <Form.Item name="files" label="证明材料" extra="变更企业名称、统一社会信用代码、法定代表人或银行账户时必须上传">
          <FileUpload biz="supplier" maxCount={5} text="上传证明材料" data-testid="change-files-upload" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
