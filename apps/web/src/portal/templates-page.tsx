import type { PortalTemplate } from '@procura/shared';
import { useState } from 'react';
import { usePortalConfig } from './config-store';
import { Banner, PortalPage } from './layout';
import { enableTemplate, enabledTemplate, templateHome } from './template';

const TEMPLATES: { key: PortalTemplate; name: string; description: string }[] = [
  { key: 'se', name: '基础模板', description: '简洁的门户首页：采购公告、结果公示与新闻资讯列表。' },
  {
    key: 'pro',
    name: '高级模板',
    description: '沉浸式首页：主视觉与数据统计、公告轮播、平台介绍、新闻、最新成员与合作企业。',
  },
];

/** The template chooser: 预览 opens a template, 编辑 the back-office designer, 启用 stores the choice locally. */
export function TemplatesPage() {
  const [enabled, setEnabled] = useState<PortalTemplate>(enabledTemplate);
  const { config } = usePortalConfig(enabled);
  return (
    <PortalPage config={config} testId="portal-templates-page">
      <Banner title="门户模板" testId="portal-templates-banner" color={config.hero.primaryColor} />
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
                disabled={enabled === t.key}
                data-testid={`portal-template-enable-${t.key}`}
                onClick={() => {
                  enableTemplate(t.key);
                  setEnabled(t.key);
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
