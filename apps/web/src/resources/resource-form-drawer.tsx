import { useMemo, useState } from 'react';
import { App, Button, Drawer, Form, Space } from 'antd';
import { addSchema, editSchema, EXTEND_VALUES_KEY, fieldSchema } from '@procura/shared';
import type { ResourceDef } from '@procura/shared';
import { fieldErrorsOf, setFieldErrors } from '../lib/form-errors';
import { postAction, putAction } from '../lib/http';
import { closeAskingIfDirty } from '../lib/leave-confirm';
import { useUnsavedChanges } from '../lib/unsaved-changes';
import type { Extension } from './extend-fields';
import { fieldControl } from './field-control';
import { formFields, issuesByField, toFormValues, toRequestBody, toWireValue } from './resource-fields';
import type { NamedField } from './resource-fields';
import type { ResourceLock, ResourceOverride, ResourceRecord } from './resource-types';
import { errorPath, lineBody, lineFormValues, LinesEditor } from './workflow-lines';

export type FormMode = 'add' | 'edit';

type Props = {
  def: ResourceDef;
  mode: FormMode;
  /** The row being edited. */
  record?: ResourceRecord;
  /** Values the page fixes (not shown; sent on add). */
  fixed: Readonly<Record<string, string>>;
  /** Configurable fields (shown after the definition's own, sent with the record). */
  extension?: Extension;
  /** Controls replacing those the field types give, by field name. */
  controls?: ResourceOverride['formControls'];
  /** Checks beyond the schemas, by field name. */
  checks?: ResourceOverride['formChecks'];
  /** What the record keeps as it is in this form (CON-1: a contract from an award). */
  lock?: ResourceLock | null;
  /** False while the page is hidden behind another tab: the drawer hides but keeps what was typed. */
  open: boolean;
  onClose: () => void;
  onSaved: () => void;
};

type Values = Record<string, unknown>;

/** A field's rule: its shared schema, so the messages are the server's. */
function schemaRule({ field }: NamedField) {
  const schema = fieldSchema(field);
  return {
    validator: async (_: unknown, value: unknown) => {
      const result = schema.safeParse(toWireValue(field, value));
      if (!result.success) throw new Error(result.error.issues[0]?.message ?? '格式不正确');
    },
  };
}

/** A page's own check of a field (e.g. ascending ladder quantities), beside the shared schema. */
function ownRule(check: ((value: unknown) => string | null) | undefined) {
  if (!check) return [];
  return [
    {
      validator: async (_: unknown, value: unknown) => {
        const problem = check(value);
        if (problem) throw new Error(problem);
      },
    },
  ];
}

/**
 * The add / edit form of a resource in a drawer, derived from its form fields. Fields are
 * checked with the shared schemas (same messages as the server), then the server's field
 * errors land on the fields; what was typed stays. Closing or leaving with unsaved edits
 * asks first.
 */
export function ResourceFormDrawer({
  def,
  mode,
  record,
  fixed,
  extension,
  controls,
  checks,
  lock = null,
  open,
  onClose,
  onSaved,
}: Props) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<Values>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  // A line set's own message (CON-2's pay plan sum), shown under its table.
  const [setErrors, setSetErrors] = useState<Record<string, string>>({});
  const lineSets = Object.entries(def.workflow?.lines ?? {});
  const release = useUnsavedChanges(dirty);

  const fields = useMemo(() => formFields(extension?.def ?? def, Object.keys(fixed)), [def, extension, fixed]);
  const isExtended = (f: NamedField) => Boolean(extension?.names.has(f.name));
  const initialValues = useMemo(
    () => ({ ...toFormValues(fields, record), ...lineFormValues(def, record) }),
    [def, fields, record],
  );
  const rules = useMemo(
    () => new Map(fields.map((f) => [f.name, [schemaRule(f), ...ownRule(checks?.[f.name])]])),
    [fields, checks],
  );
  // editProperty 2: a configurable field shown but never changed here.
  const locked = (f: NamedField) =>
    (mode === 'edit' && Boolean(f.field.immutable)) ||
    Boolean(extension?.readOnly.has(f.name)) ||
    Boolean(lock?.fields?.includes(f.name));

  const showErrors = (errors: Record<string, string>, fallback: string) => {
    const visible = new Set(fields.map((f) => f.name));
    const sets = new Set(lineSets.map(([name]) => name));
    const isCell = (name: string) => typeof errorPath(name) !== 'string';
    setFieldErrors(
      form,
      Object.entries(errors)
        .filter(([name]) => visible.has(name) || isCell(name))
        .map(([name, error]) => ({ name: errorPath(name), errors: [error] })),
    );
    setSetErrors(Object.fromEntries(Object.entries(errors).filter(([name]) => sets.has(name))));
    const elsewhere = Object.entries(errors).filter(([name]) => !visible.has(name) && !isCell(name) && !sets.has(name));
    if (elsewhere.length > 0 || Object.keys(errors).length === 0) message.error(elsewhere[0]?.[1] ?? fallback);
  };

  const submit = async () => {
    try {
      await form.validateFields();
    } catch {
      return;
    }
    const editable = fields.filter((f) => !locked(f));
    const typed = form.getFieldsValue(true) as Values;
    const values = toRequestBody(
      editable.filter((f) => !isExtended(f)),
      typed,
    );
    // Configurable field values go with the record: the server stores both in one transaction or neither.
    const extended = extension?.names.size
      ? { [EXTEND_VALUES_KEY]: toRequestBody(editable.filter(isExtended), typed) }
      : {};
    const lines = lineBody(def, typed);
    const body =
      mode === 'add'
        ? { ...values, ...fixed, ...extended, ...lines }
        : { id: record!.id, ...values, ...extended, ...lines };
    const checked = (mode === 'add' ? addSchema(def) : editSchema(def)).safeParse(body);
    if (!checked.success) {
      showErrors(issuesByField(checked.error.issues), '请检查填写的内容');
      return;
    }
    setSaving(true);
    setSetErrors({});
    try {
      const path = `${def.path}/${mode}`;
      const answer =
        mode === 'add' ? await postAction(path, body, { quiet: [400] }) : await putAction(path, body, { quiet: [400] });
      if (!answer.success) {
        message.warning(answer.message);
        return;
      }
      message.success(answer.message);
      release();
      onSaved();
    } catch (error) {
      // 400 carries field-keyed messages; other failures were shown by the HTTP client.
      const errors = fieldErrorsOf(error);
      if (errors) showErrors(errors, (error as Error).message);
    } finally {
      setSaving(false);
    }
  };

  const close = () => closeAskingIfDirty(modal, dirty, release, onClose);

  return (
    <Drawer
      open={open}
      title={`${mode === 'add' ? '新增' : '编辑'}${def.label}`}
      size={def.workflow?.lines ? 1000 : 640}
      onClose={close}
      footer={
        <Space style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button onClick={close}>取消</Button>
          <Button type="primary" loading={saving} onClick={() => void submit()} data-testid="resource-form-submit">
            确定
          </Button>
        </Space>
      }
    >
      <Form
        form={form}
        name={`${def.key}-form`}
        layout="vertical"
        initialValues={initialValues}
        onValuesChange={() => setDirty(true)}
        data-testid="resource-form"
      >
        {fields.map((f) => (
          <Form.Item
            key={f.name}
            name={f.name}
            label={f.field.label}
            required={Boolean(f.field.required) && !locked(f)}
            rules={locked(f) ? undefined : rules.get(f.name)}
          >
            {(controls?.[f.name] ?? fieldControl)(f.field, locked(f))}
          </Form.Item>
        ))}
        {lineSets.map(([name, set]) => (
          <LinesEditor
            key={name}
            name={name}
            set={set}
            error={setErrors[name]}
            locked={lock?.lines?.[name]}
            controls={controls}
          />
        ))}
      </Form>
    </Drawer>
  );
}
