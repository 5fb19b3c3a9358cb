import { useState } from 'react';
import { Alert, Button, Checkbox, Form, Input, Modal, Space, Typography } from 'antd';
import { Link, useNavigate } from 'react-router';
import { isValidUscc, MOBILE_MESSAGE, MOBILE_PATTERN, USCC_MESSAGE, type SupplierRegisterInput } from '@procura/shared';
import { postAction } from '../../lib/http';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { fieldErrorsOf, PublicFrame } from './public-frame';
import { SmsCodeButton } from './sms-code-button';
import { sameAsPasswordRule, strongPasswordRule } from '../../lib/password-form-rules';
import { setFieldErrors } from '../../lib/form-errors';

type Values = Omit<SupplierRegisterInput, 'agree'> & { confirm: string; agree: boolean };

const REGISTER_RESULT_PATH = '/register-result';

/**
 * Supplier registration (`/register`, `/supplierRegister`; domain §4.2 step 1): company,
 * USCC, contact, mobile with SMS code, email, login name, password, the platform terms.
 */
export default function RegisterPage() {
  const [form] = Form.useForm<Values>();
  const navigate = useNavigate();
  const [dirty, setDirty] = useState(false);
  const [submitting, setSubmitting] = useState(false);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [termsOpen, setTermsOpen] = useState(false);
  const release = useUnsavedChanges(dirty);

  const onFinish = async (values: Values) => {
    setSubmitting(true);
    setRefusal(null);
    const { confirm: _confirm, ...body } = values;
    try {
      const res = await postAction<null>(
        '/sys/user/register',
        { ...body, uscc: body.uscc.trim().toUpperCase() },
        { quiet: [400] },
      );
      if (!res.success) {
        setRefusal(res.message || '注册失败');
        return;
      }
      release();
      navigate(`${REGISTER_RESULT_PATH}?username=${encodeURIComponent(values.username.trim())}`, { replace: true });
    } catch (error) {
      const fields = fieldErrorsOf(error);
      if (fields.length > 0) setFieldErrors(form, fields);
      setRefusal(error instanceof Error ? error.message : '注册失败');
    } finally {
      setSubmitting(false);
    }
  };

  // No live "is this name taken" lookup: it would tell anyone which accounts exist (issue 16 #7). The server
  // answers a taken name on submit, after the SMS code, as a field error.
  const usernameFormat = async (_: unknown, value: string | undefined) => {
    if (!/^[A-Za-z0-9_]{4,32}$/.test((value ?? '').trim())) throw new Error('登录账号为4到32位字母、数字或下划线');
  };

  return (
    <PublicFrame title="供应商注册" width={520}>
      {refusal ? (
        <Alert type="error" showIcon title={refusal} style={{ marginBottom: 16 }} data-testid="register-error" />
      ) : null}
      <Form<Values>
        form={form}
        name="register"
        layout="vertical"
        onFinish={onFinish}
        onValuesChange={() => setDirty(true)}
        autoComplete="off"
        data-testid="register-form"
      >
        <Form.Item
          name="companyName"
          label="企业名称"
          rules={[{ required: true, whitespace: true, message: '请输入企业名称' }, { max: 200 }]}
        >
          <Input placeholder="与营业执照一致" maxLength={200} data-testid="register-company" />
        </Form.Item>
        <Form.Item
          name="uscc"
          label="统一社会信用代码"
          rules={[
            { required: true, message: '请输入统一社会信用代码' },
            {
              validator: async (_, v: string | undefined) =>
                v && !isValidUscc(v.trim().toUpperCase()) ? Promise.reject(new Error(USCC_MESSAGE)) : undefined,
            },
          ]}
        >
          <Input placeholder="18位统一社会信用代码" maxLength={18} data-testid="register-uscc" />
        </Form.Item>
        <Form.Item
          name="contactName"
          label="联系人"
          rules={[{ required: true, whitespace: true, message: '请输入联系人' }, { max: 50 }]}
        >
          <Input maxLength={50} data-testid="register-contact" />
        </Form.Item>
        <Form.Item
          name="mobile"
          label="手机号"
          rules={[
            { required: true, message: '请输入手机号' },
            { pattern: MOBILE_PATTERN, message: MOBILE_MESSAGE },
          ]}
        >
          <Input maxLength={11} autoComplete="tel" data-testid="register-mobile" />
        </Form.Item>
        <Form.Item label="短信验证码" required>
          <Space.Compact style={{ width: '100%' }}>
            <Form.Item
              name="smsCode"
              noStyle
              rules={[
                { required: true, message: '请输入短信验证码' },
                { pattern: /^\d{6}$/, message: '请输入6位短信验证码' },
              ]}
            >
              <Input maxLength={6} autoComplete="one-time-code" data-testid="register-sms-code" />
            </Form.Item>
            <SmsCodeButton mobile={() => form.getFieldValue('mobile')} smsmode="1" testId="register-sms-send" />
          </Space.Compact>
        </Form.Item>
        <Form.Item
          name="email"
          label="电子邮箱"
          rules={[
            { required: true, message: '请输入电子邮箱' },
            { type: 'email', message: '请输入正确的电子邮箱' },
          ]}
        >
          <Input maxLength={100} autoComplete="email" data-testid="register-email" />
        </Form.Item>
        <Form.Item
          name="username"
          label="登录账号"
          validateTrigger="onBlur"
          rules={[{ required: true, message: '请输入登录账号' }, { validator: usernameFormat }]}
        >
          <Input maxLength={32} autoComplete="username" data-testid="register-username" />
        </Form.Item>
        <Form.Item
          name="password"
          label="登录密码"
          rules={[{ required: true, message: '请输入登录密码' }, strongPasswordRule]}
        >
          <Input.Password autoComplete="new-password" data-testid="register-password" />
        </Form.Item>
        <Form.Item
          name="confirm"
          label="确认密码"
          dependencies={['password']}
          rules={[{ required: true, message: '请再次输入登录密码' }, sameAsPasswordRule('两次输入的密码不一致')]}
        >
          <Input.Password autoComplete="new-password" data-testid="register-confirm" />
        </Form.Item>
        <Form.Item
          name="agree"
          valuePropName="checked"
          rules={[
            {
              validator: async (_, v: boolean | undefined) =>
                v ? undefined : Promise.reject(new Error('请阅读并同意平台服务条款')),
            },
          ]}
        >
          <Checkbox data-testid="register-agree">
            我已阅读并同意
            <Typography.Link
              onClick={(e) => {
                e.preventDefault();
                setTermsOpen(true);
              }}
              data-testid="register-terms-link"
            >
              《平台服务条款》
            </Typography.Link>
          </Checkbox>
        </Form.Item>
        <Form.Item style={{ marginBottom: 8 }}>
          <Button
            type="primary"
            htmlType="submit"
            block
            size="large"
            loading={submitting}
            data-testid="register-submit"
          >
            注册
          </Button>
        </Form.Item>
      </Form>
      <div style={{ textAlign: 'center' }}>
        已有账号？
        <Link to="/user/login" data-testid="register-login-link">
          使用已有账户登录
        </Link>
      </div>
      <Modal title="平台服务条款" open={termsOpen} onCancel={() => setTermsOpen(false)} footer={null}>
        <Typography.Paragraph>
          注册即表示贵单位确认所填信息真实、准确、完整，并对账号下的全部操作负责。平台依据《个人信息保护法》处理联系人信息，仅用于供应商管理与业务联系。
          注册后须完善企业信息并通过采购方审核，方可参与寻源活动。
        </Typography.Paragraph>
      </Modal>
    </PublicFrame>
  );
}
