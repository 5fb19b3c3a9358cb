import { useState } from 'react';
import { Alert, App, Button, Card, Col, Divider, Form, Input, Layout, Row, Select, theme, Typography } from 'antd';
import { useQuery } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { HOME_PATH, INFO_SECTIONS, supplierInfoSchema, type InfoSection } from '@procura/shared';
import { FileUpload } from '../../components/upload/file-upload';
import { PageSpinner } from '../../app/page-boundary';
import { useSessionStore } from '../../lib/auth-store';
import { useDictItems } from '../../lib/dict';
import { HttpError } from '../../lib/http';
import { PLATFORM_NAME } from '../../lib/platform';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { fetchSupplierProfile, saveSupplierInfo, SUPPLIER_PROFILE_QUERY_KEY } from '../../lib/supplier-api';
import { UserActions } from '../../shell/user-actions';
import {
  draftToFormValues,
  formValuesToInput,
  issuesToFieldErrors,
  MAIN_CATEGORY_DICT,
  serverErrorsToFieldErrors,
  SUPPLIER_INFO_LABELS,
} from './supplier-info-form';
import type { FieldError, SupplierInfoField, SupplierInfoFormValues } from './supplier-info-form';
import { setFieldErrors } from '../../lib/form-errors';

type TextField = Exclude<SupplierInfoField, 'mainCategories' | 'businessLicenseFile'>;

/** Form sections and the reviewer's comment keys shown above each (§4.2 step 5). */
const SECTIONS: {
  title: string;
  comments: InfoSection[];
  fields: { name: SupplierInfoField; required: boolean; wide?: boolean }[];
}[] = [
  {
    title: '基本信息',
    comments: ['basic', 'category'],
    fields: [
      { name: 'name', required: true },
      { name: 'uscc', required: true },
      { name: 'legalPerson', required: true },
      { name: 'mainCategories', required: true },
      { name: 'address', required: true, wide: true },
    ],
  },
  {
    title: '联系方式',
    comments: ['contact'],
    fields: [
      { name: 'contactName', required: true },
      { name: 'contactMobile', required: true },
      { name: 'phone', required: false },
      { name: 'email', required: true },
    ],
  },
  {
    title: '银行账户',
    comments: ['bank'],
    fields: [
      { name: 'bankName', required: true },
      { name: 'bankAccountName', required: true },
      { name: 'bankAccountNo', required: true },
    ],
  },
  {
    title: '附件',
    comments: ['attachment'],
    fields: [{ name: 'businessLicenseFile', required: true, wide: true }],
  },
];

const PLACEHOLDERS: Partial<Record<TextField, string>> = {
  uscc: '18位统一社会信用代码',
  phone: '例如 010-12345678（选填）',
  bankAccountName: '须与企业名称一致',
};

/** The form itself; mounted once the draft is known so it can prefill through initialValues. */
function SupplierInfoForm({
  initialValues,
  comments,
}: {
  initialValues: SupplierInfoFormValues;
  comments: Partial<Record<string, string>>;
}) {
  const [form] = Form.useForm<SupplierInfoFormValues>();
  const store = useSessionStore();
  const navigate = useNavigate();
  const { message, modal } = App.useApp();
  const categories = useDictItems(MAIN_CATEGORY_DICT);
  const [saving, setSaving] = useState(false);
  const [dirty, setDirty] = useState(false);
  const releaseUnsaved = useUnsavedChanges(dirty);

  const showErrors = (errors: FieldError[]) => {
    setFieldErrors(form, errors);
    const first = errors[0];
    if (first) form.scrollToField(first.name);
  };

  const onSubmit = async () => {
    const parsed = supplierInfoSchema.safeParse(formValuesToInput(form.getFieldsValue(true)));
    if (!parsed.success) {
      showErrors(issuesToFieldErrors(parsed.error.issues));
      return;
    }
    setSaving(true);
    try {
      const body = await saveSupplierInfo(parsed.data);
      if (body.success && body.result?.userInfo) {
        message.success(body.message || '企业信息已提交');
        // isShow leaves 2 here, so the guard lets the user in and reloads permissions.
        releaseUnsaved();
        store.setUserInfo(body.result.userInfo);
        navigate(HOME_PATH, { replace: true });
        // §4.2 step 4: PENDING_REVIEW until a buyer approves; say so where it stays on screen.
        modal.success({
          title: SUBMITTED_FOR_REVIEW.title,
          content: SUBMITTED_FOR_REVIEW.content,
          okText: '知道了',
        });
        return;
      }
      message.error(body.message || '保存失败');
    } catch (error) {
      if (error instanceof HttpError && error.status === 400) {
        const result = error.body?.result as { errors?: unknown } | null | undefined;
        showErrors(serverErrorsToFieldErrors(result?.errors));
        message.error(error.body?.message || '提交的信息有误，请检查');
      }
      // Other failures were already reported by the HTTP client; the typed values stay.
    } finally {
      setSaving(false);
    }
  };

  // Editing a field clears its error; the whole form is checked again on submit.
  const onValuesChange = (changed: SupplierInfoFormValues) => {
    setDirty(true);
    setFieldErrors(
      form,
      Object.keys(changed).map((name) => ({ name, errors: [] })),
    );
  };

  const control = (name: SupplierInfoField) => {
    if (name === 'businessLicenseFile') {
      // SUP-4: one scan of the business licence, kept in the supplier folder.
      return <FileUpload biz="supplier" maxCount={1} text="上传营业执照" data-testid="business-licence-upload" />;
    }
    if (name === 'mainCategories') {
      return (
        <Select
          mode="multiple"
          allowClear
          loading={categories.isPending}
          placeholder="请选择主营品类"
          options={(categories.data ?? []).map((item) => ({ value: item.value, label: item.text || item.label }))}
          optionFilterProp="label"
        />
      );
    }
    return <Input allowClear placeholder={PLACEHOLDERS[name] ?? `请输入${SUPPLIER_INFO_LABELS[name]}`} />;
  };

  return (
    <Form<SupplierInfoFormValues>
      form={form}
      layout="vertical"
      initialValues={initialValues}
      onFinish={onSubmit}
      onValuesChange={onValuesChange}
      data-testid="supplier-info-form"
    >
      {SECTIONS.map((section) => (
        <div key={section.title}>
          <Divider titlePlacement="start">{section.title}</Divider>
          {section.comments
            .filter((key) => comments[key])
            .map((key) => (
              <Alert
                key={key}
                type="warning"
                showIcon
                style={{ marginBottom: 12 }}
                title={`退回意见（${INFO_SECTIONS[key]}）：${comments[key]}`}
                data-testid={`return-comment-${key}`}
              />
            ))}
          <Row gutter={24}>
            {section.fields.map((field) => (
              <Col key={field.name} xs={24} md={field.wide ? 24 : 12}>
                <Form.Item name={field.name} label={SUPPLIER_INFO_LABELS[field.name]} required={field.required}>
                  {control(field.name)}
                </Form.Item>
              </Col>
            ))}
          </Row>
        </div>
      ))}
      <Form.Item style={{ textAlign: 'center', marginTop: 8 }}>
        <Button type="primary" htmlType="submit" size="large" loading={saving} data-testid="supplier-info-submit">
          {saving ? '保存中' : '提交'}
        </Button>
      </Form.Item>
    </Form>
  );
}

/** What a supplier reads after submitting its company information (domain §4.2 step 4). */
export const SUBMITTED_FOR_REVIEW = {
  title: '企业信息已提交，等待审核',
  content: '采购方正在审核贵司的企业信息。审核期间可以浏览工作台，审核通过后即可报名参与采购项目。',
} as const;

export default function CompleteSupplierInfoPage() {
  const { token } = theme.useToken();
  const draft = useQuery({ queryKey: SUPPLIER_PROFILE_QUERY_KEY, queryFn: () => fetchSupplierProfile() });

  return (
    <Layout style={{ minHeight: '100vh' }}>
      <Layout.Header
        style={{
          background: token.colorBgContainer,
          padding: '0 24px',
          display: 'flex',
          justifyContent: 'space-between',
          alignItems: 'center',
          borderBottom: `1px solid ${token.colorBorderSecondary}`,
        }}
      >
        <Typography.Text strong style={{ fontSize: 18, color: token.colorPrimary }}>
          {PLATFORM_NAME}
        </Typography.Text>
        <UserActions />
      </Layout.Header>
      <Layout.Content style={{ padding: 24 }}>
        <Card title="完善企业信息" style={{ maxWidth: 960, margin: '0 auto' }}>
          <Alert type="info" showIcon style={{ marginBottom: 8 }} title="请先完善企业信息，提交后即可进入系统。" />
          {draft.isPending ? (
            <PageSpinner />
          ) : (
            <SupplierInfoForm
              initialValues={draftToFormValues(draft.data)}
              comments={draft.data?.infoStatus === 'RETURNED' ? (draft.data.returnComments ?? {}) : {}}
            />
          )}
        </Card>
      </Layout.Content>
    </Layout>
  );
}
