import { Form } from 'antd';
import { PopupSelect } from './popup-select';
import type { PopupConfig } from './popup-select';

/**
 * The popup widget inside an antd Form: its own field takes the chosen value and every other
 * dest field of the form is filled from the same rows (JeecgBoot's JPopup in a form).
 */
export function PopupFormField(
  props: PopupConfig & { value?: string; onChange?: (value: string) => void; disabled?: boolean; placeholder?: string },
) {
  const form = Form.useFormInstance();
  return <PopupSelect {...props} onCallback={(values) => form.setFieldsValue(values)} />;
}
