import type { PortalTemplate } from '@procura/shared';
import { useState } from 'react';
import { usePortalConfig } from './config-store';
import { Banner, PortalPage } from './layout';
import { isLoggedIn } from './api';
import { enableTemplate, templateHome, useEnabledTemplate } from './template';
import { toast } from './toast';

const TEMPLATES: { key: PortalTemplate; name: string; description: string }[] = [
  { key: 'se', name: '基础模板', description: '简洁的门户首页：采购公告、结果公示与新闻资讯列表。' },
  {
    key: 'pro',
    name: '高级模板',
    description: '沉浸式首页：主视觉与数据统计、公告轮播、平台介绍、新闻、最新成员与合作企业。',
  },
];

/**
 * The template chooser: 预览 opens a template, 编辑 the back-office designer, 启用 makes it the
 * site's template for every visitor (an administrator with the designer permission; the server checks).
 */
export function TemplatesPage() {
  const read = useEnabledTemplate();
  const [chosen, setChosen] = useState<PortalTemplate | null>(null);
  const [busy, setBusy] = useState(false);
  const enabled = chosen ?? read;
  const { config } = usePortalConfig(enabled);
  const signedIn = isLoggedIn();
  return (
    <PortalPage config={config} testId="portal-templates-page">
      <Banner title="门户模板" testId="portal-templates-banner" color={config.hero.primaryColor} />
      {signedIn ? null : (
        <p className="p-container p-template-note" data-testid="portal-templates-sign-in">
          启用模板需以管理员身份<a href="/user/login">登录</a>；启用后所有访客的门户首页都显示该模板。
        </p>
      )}
      <div className="p-container p-section p-grid p-grid-2">
        {TEMPLATES.map((t) => (
          <article
            key={t.key}
            className="p-card p-template"
            data-testid={`portal-template-${t.key}`}
            data-enabled={enabled === t.key ? 'true' : 'false'}
          >
            <h2>
              {t.name} {enabled === t.key ? <span className="p-badge">已启用</span> : null}
            </h2>
            <p>{t.description}</p>
            <div className="p-template-actions">
              <a
                className="p-btn"
                href={templateHome(t.key)}
                target="_blank"
                rel="noopener noreferrer"
                data-testid={`portal-template-preview-${t.key}`}
              >
                预览
              </a>
              <a
                className="p-btn"
                href={`/portal-admin/designer?template=${t.key}`}
                data-testid={`portal-template-edit-${t.key}`}
              >
                编辑
              </a>
              <button
                type="button"
                className="p-btn p-btn-primary"
                disabled={enabled === null || enabled === t.key || busy || !signedIn}
                title={signedIn ? undefined : '请以管理员身份登录后启用'}
                data-testid={`portal-template-enable-${t.key}`}
                onClick={() => {
                  setBusy(true);
                  void enableTemplate(t.key).then((answer) => {
                    setBusy(false);
                    if (!answer.success) {
                      toast.warning(answer.message || '启用失败');
                      return;
                    }
                    setChosen(t.key);
                    toast.success(`已启用${t.name}，所有访客的门户首页将显示该模板`);
                  });
                }}
              >
                {enabled === t.key ? '已启用' : '启用'}
              </button>
            </div>
          </article>
        ))}
      </div>
    </PortalPage>
  );
}
