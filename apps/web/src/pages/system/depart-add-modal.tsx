import { useState } from 'react';
import { App, Button, Form, Modal } from 'antd';
import { HttpError, postAction } from '../../lib/http';
import { closeAskingIfDirty } from '../../lib/leave-confirm';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { DepartFormFields, parentOptions, showDepartFieldErrors, toDepartBody } from './depart-form';
import type { DepartNode, DepartRecord, DepartValues } from './depart-form';

type Props = {
  /** The department to add under; null for a top-level one. */
  parent: DepartNode | null;
  tree: DepartNode[];
  open: boolean;
  onClose: () => void;
  onAdded: (added: DepartRecord) => void;
};

/** 添加部门 / 添加下级: the server gives the new department its code under the chosen parent. */
export function DepartAddModal({ parent, tree, open, onClose, onAdded }: Props) {
  const { message, modal } = App.useApp();
  const [form] = Form.useForm<DepartValues>();
  const [dirty, setDirty] = useState(false);
  const [saving, setSaving] = useState(false);
  const release = useUnsavedChanges(dirty);

  const submit = async () => {
    let values: DepartValues;
    try {
      values = await form.validateFields();
    } catch {
      return;
    }
    setSaving(true);
    try {
      const answer = await postAction<DepartRecord>('/sys/sysDepart/add', toDepartBody(values), { quiet: [400] });
      if (!answer.success) {
        message.warning(answer.message);
        return;
      }
      message.success(answer.message);
      release();
      onAdded(answer.result);
    } catch (error) {
      if (showDepartFieldErrors(form, error) === false && error instanceof HttpError) message.error(error.message);
    } finally {
      setSaving(false);
    }
  };

  const close = () => closeAskingIfDirty(modal, dirty, release, onClose);

  return (
    <Modal
      open={open}
      title={parent ? `添加下级 - ${parent.departName}` : '添加部门'}
      width={640}
      onCancel={close}
      footer={[
        <Button key="cancel" onClick={close}>
          取消
        </Button>,
        <Button key="ok" type="primary" loading={saving} onClick={() => void submit()} data-testid="depart-add-submit">
          保存
        </Button>,
      ]}
    >
      <Form
        form={form}
        name="departAddForm"
        layout="vertical"
        initialValues={{ parentId: parent?.id, orgCategory: parent ? '2' : '1', departOrder: 0 }}
        onValuesChange={() => setDirty(true)}
        data-testid="depart-add-form"
      >
        <DepartFormFields parents={parentOptions(tree)} />
      </Form>
    </Modal>
  );
}
