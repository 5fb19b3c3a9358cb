import { memo, useCallback, useEffect, useMemo, useRef, useState } from 'react';
import type { RefObject } from 'react';
import type { FormInstance } from 'antd';
import { useSearchParams } from 'react-router';
import { App, Button, Card, Col, Collapse, Form, Result, Row, Segmented, Space, Spin, Switch, Typography } from 'antd';
import { ExportOutlined, ReloadOutlined, SaveOutlined } from '@ant-design/icons';
import type { PortalConfig, PortalTemplate } from '@procura/shared';
import { Has } from '../../components/has';
import { fieldErrorsOf, setFieldErrors } from '../../lib/form-errors';
import { getAction, HttpError, putAction } from '../../lib/http';
import { confirmLeave } from '../../lib/leave-confirm';
import { useUnsavedChanges } from '../../lib/unsaved-changes';
import { designerBlocks } from './designer-form';
import { DesignerPreview } from './designer-preview';

export const TEMPLATE_OPTIONS: { value: PortalTemplate; label: string }[] = [
  { value: 'se', label: '基础版' },
  { value: 'pro', label: '高级版' },
];

/** The portal page of a template, opened by 打开门户. */
export const portalHomeOf = (template: PortalTemplate) => (template === 'pro' ? '/proHome' : '/seHome');

const templateOf = (raw: string | null): PortalTemplate => (raw === 'pro' ? 'pro' : 'se');

type Loaded = { template: PortalTemplate; config: PortalConfig; version: number };

/** The saved configuration of a template, or the message of why it could not be read. */
async function fetchConfig(which: PortalTemplate): Promise<PortalConfig | string> {
  try {
    const answer = await getAction<PortalConfig>('/portal/config/get', { template: which }, { quiet: true });
    return answer.success && answer.result ? answer.result : answer.message || '页面配置加载失败';
  } catch (e) {
    return e instanceof HttpError ? e.message : '页面配置加载失败';
  }
}

/** What is sent: the form's values with empty optional links dropped (the server takes only real links). */
export function toSaveBody(config: PortalConfig): PortalConfig {
  const copy = structuredClone(config);
  if (!copy.hero.button.url) delete copy.hero.button.url;
  if (!copy.background.image) delete copy.background.image;
  if (!copy.background.color) delete copy.background.color;
  if (!copy.logo.image) delete copy.logo.image;
  return copy;
}

/** A 400 answer's field key (`config.hero.title.text`) as a form name path. */
export function fieldPath(key: string): (string | number)[] | null {
  const parts = key.split('.');
  if (parts[0] !== 'config' || parts.length < 2) return null;
  return parts.slice(1).map((p) => (/^\d+$/.test(p) ? Number(p) : p));
}

/**
 * 门户设计 (issue 5, spec part 1 §3): the portal page configuration of the basic (`se`) or
 * advanced (`pro`) template, edited block by block with a live preview beside it; 保存 stores
 * it on the server (`PUT /portal/config/save`), 重置 reloads what was saved, 打开门户 shows the
 * portal. Edit mode is off at first: the page then only previews.
 */
export default function PageDesignerPage() {
  const { message, modal } = App.useApp();
  const [params, setParams] = useSearchParams();
  const template = templateOf(params.get('template'));
  const formRef = useRef<FormInstance<PortalConfig> | null>(null);
  const [loaded, setLoaded] = useState<Loaded | null>(null);
  const [draft, setDraft] = useState<PortalConfig | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);

  const dirty = useMemo(
    () => loaded !== null && draft !== null && JSON.stringify(draft) !== JSON.stringify(loaded.config),
    [loaded, draft],
  );
  const release = useUnsavedChanges(dirty);

  const apply = useCallback((which: PortalTemplate, answer: PortalConfig | string) => {
    if (typeof answer === 'string') {
      setError(answer);
      return;
    }
    setError(null);
    setLoaded((l) => ({ template: which, config: answer, version: (l?.version ?? 0) + 1 }));
    setDraft(answer);
  }, []);

  const load = useCallback(async (which: PortalTemplate) => apply(which, await fetchConfig(which)), [apply]);

  useEffect(() => {
    let alive = true;
    void fetchConfig(template).then((answer) => {
      if (alive) apply(template, answer);
    });
    return () => {
      alive = false;
    };
  }, [template, apply]);
  // Until the template of the URL has loaded, the page shows loading (never another template's values).
  const current = loaded?.template === template ? loaded : null;

  const switchTemplate = (next: PortalTemplate) => {
    if (next === template) return;
    const go = () => {
      release();
      setParams((p) => {
        const copy = new URLSearchParams(p);
        copy.set('template', next);
        return copy;
      });
    };
    if (dirty) confirmLeave(modal, go);
    else go();
  };

  const reset = () => {
    const go = () => {
      release();
      void load(template);
    };
    if (dirty) confirmLeave(modal, go);
    else go();
  };

  const save = async () => {
    const form = formRef.current;
    if (!draft || !form) return;
    // Let the form's own checks finish first (a late one would wipe the server's field errors).
    try {
      await form.validateFields();
    } catch {
      message.error('请检查填写的内容');
      return;
    }
    setSaving(true);
    try {
      const answer = await putAction(
        '/portal/config/save',
        { template, config: toSaveBody(form.getFieldsValue(true) as PortalConfig) },
        { quiet: [400] },
      );
      if (!answer.success) {
        message.warning(answer.message);
        return;
      }
      message.success(answer.message || '保存成功');
      release();
      await load(template);
    } catch (e) {
      const errors = fieldErrorsOf(e);
      if (errors) {
        const fields = Object.entries(errors).flatMap(([key, msg]) => {
          const name = fieldPath(key);
          return name ? [{ name, errors: [msg] }] : [];
        });
        if (fields.length) {
          setEditing(true);
          setFieldErrors(form, fields);
        }
        message.error((e as Error).message);
      }
    } finally {
      setSaving(false);
    }
  };

  return (
    <Card data-testid="page-designer" data-template={template} data-dirty={dirty}>
      <Space wrap style={{ marginBottom: 16, width: '100%', justifyContent: 'space-between' }}>
        <Space wrap>
          <Segmented
            data-testid="designer-template"
            value={template}
            options={TEMPLATE_OPTIONS}
            onChange={(v) => switchTemplate(v as PortalTemplate)}
          />
          <Space>
            <Typography.Text>编辑模式</Typography.Text>
            <Switch data-testid="designer-edit-mode" checked={editing} onChange={setEditing} disabled={!current} />
          </Space>
        </Space>
        <Space wrap>
          <Button
            data-testid="designer-open-portal"
            icon={<ExportOutlined />}
            onClick={() => window.open(portalHomeOf(template), '_blank', 'noopener')}
          >
            打开门户
          </Button>
          <Button data-testid="designer-reset" icon={<ReloadOutlined />} onClick={reset} disabled={!current}>
            重置
          </Button>
          <Has code="portal:config">
            <Button
              data-testid="designer-save"
              type="primary"
              icon={<SaveOutlined />}
              loading={saving}
              disabled={!current || !editing}
              onClick={() => void save()}
            >
              保存
            </Button>
          </Has>
        </Space>
      </Space>
      {error ? (
        <Result
          status="error"
          title="页面配置加载失败"
          subTitle={error}
          extra={
            <Button data-testid="designer-retry" onClick={() => void load(template)}>
              重试
            </Button>
          }
        />
      ) : !current || !draft ? (
        <div data-testid="designer-loading" style={{ textAlign: 'center', padding: 48 }}>
          <Spin />
        </div>
      ) : (
        <Row gutter={16}>
          {editing ? (
            <Col xs={24} xl={12}>
              <DesignerForm
                key={`${current.template}-${current.version}`}
                initial={draft}
                onChange={setDraft}
                formRef={formRef}
              />
            </Col>
          ) : null}
          <Col xs={24} xl={editing ? 12 : 24}>
            <div style={{ position: 'sticky', top: 0 }}>
              <DesignerPreview config={draft} />
            </div>
          </Col>
        </Row>
      )}
    </Card>
  );
}

/**
 * The block forms. A fresh form instance per loaded configuration (template, reload, save):
 * a reused instance would keep the previous values over the new initial ones.
 */
type DesignerFormProps = {
  initial: PortalConfig;
  onChange: (c: PortalConfig) => void;
  formRef: RefObject<FormInstance<PortalConfig> | null>;
};

// Typing re-renders the page (preview, dirty flag) but not the form: its values live in the form.
const DesignerForm = memo(
  function DesignerForm({ initial, onChange, formRef }: DesignerFormProps) {
    const [form] = Form.useForm<PortalConfig>();
    const blocks = useMemo(() => designerBlocks(), []);
    useEffect(() => {
      formRef.current = form;
      return () => {
        if (formRef.current === form) formRef.current = null;
      };
    }, [form, formRef]);
    return (
      <Form
        data-testid="designer-form"
        name="designer"
        form={form}
        layout="vertical"
        initialValues={initial}
        onValuesChange={() => onChange(structuredClone(form.getFieldsValue(true)) as PortalConfig)}
      >
        <Collapse defaultActiveKey={['hero', 'logo']} items={blocks} />
      </Form>
    );
  },
  (a, b) => a.onChange === b.onChange && a.formRef === b.formRef,
);
