import { useEffect } from 'react';
import { describe, expect, it } from 'vitest';
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Form, Input, type FormInstance } from 'antd';
import { setFieldErrors } from './form-errors';

let form: FormInstance | undefined;
function NameForm({ onForm }: { onForm: (f: FormInstance) => void }) {
  const [f] = Form.useForm();
  useEffect(() => onForm(f), [f, onForm]);
  return (
    <Form form={f}>
      <Form.Item name="bankAccountName" label="账户名称" rules={[{ required: true, message: '请输入账户名称' }]}>
        <Input aria-label="账户名称" />
      </Form.Item>
    </Form>
  );
}

describe('setFieldErrors', () => {
  it('keeps a submit-time message although the field was still validating its last keystroke', async () => {
    render(
      <NameForm
        onForm={(f) => {
          form = f;
        }}
      />,
    );
    // Typing starts the field's own (passing) validation; the submit check answers before it ends.
    fireEvent.change(screen.getByLabelText('账户名称'), { target: { value: '别的公司' } });
    setFieldErrors(form!, [{ name: 'bankAccountName', errors: ['账户名称必须与企业名称一致'] }]);
    await act(() => new Promise((resolve) => setTimeout(resolve, 100)));
    expect(form!.getFieldError('bankAccountName')).toEqual(['账户名称必须与企业名称一致']);
    expect(await screen.findByText('账户名称必须与企业名称一致')).toBeTruthy();
  });
});
