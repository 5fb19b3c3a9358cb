import type { PurchaseAnnouncementPage } from '@procura/shared';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { usePortalView } from './api';
import { PurchaseCard } from './items';
import { Banner, PortalPage } from './layout';
import { navigate, useLocation } from './router';
import { Pending, Tabs, isSourcingType } from './widgets';
import type { TabItem, TypeTab } from './widgets';
import { PAGE_SIZE, Pager, useInnerConfig, withQuery } from './inner-common';

const PURCHASE_TABS: TabItem<TypeTab>[] = [
  { key: 'all', label: '全部' },
  { key: 'tender', label: '招标' },
  { key: 'inquiry', label: '询价' },
  { key: 'bidding', label: '竞价' },
];

function SearchForm({ initial, onSearch }: { initial: string; onSearch: (value: string) => void }) {
  const [keyword, setKeyword] = useState(initial);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSearch(keyword.trim());
  };
  return (
    <form className="p-search" role="search" onSubmit={submit}>
      <label htmlFor="portal-search" className="sr-only">
        搜索采购公告
      </label>
      <input
        id="portal-search"
        type="search"
        placeholder="输入项目名称搜索"
        value={keyword}
        onChange={(e) => setKeyword(e.target.value)}
        data-testid="portal-search-input"
      />
      <button type="submit" className="p-btn p-btn-primary" data-testid="portal-search-submit">
        搜索
      </button>
    </form>
  );
}

/** 采购公告: ongoing count, keyword search (likeName), tabs, paged items. */
export function PurchasePage() {
  const config = useInnerConfig();
  const { pathname, query } = useLocation();
  const type = query.get('type');
  const tab: TypeTab = isSourcingType(type) ? type : 'all';
  const likeName = query.get('likeName') ?? '';
  const pageNo = Math.max(1, Number(query.get('pageNo')) || 1);
  const page = usePortalView<PurchaseAnnouncementPage>('/portal/view/purchaseAnnouncements', {
    likeName,
    type: tab === 'all' ? '' : tab,
    pageNo,
    pageSize: PAGE_SIZE,
  });
  const go = (next: { type?: TypeTab; likeName?: string; pageNo?: number }) =>
    navigate(
      withQuery(pathname, {
        type: (next.type ?? tab) === 'all' ? undefined : (next.type ?? tab),
        likeName: next.likeName ?? likeName,
        pageNo: next.pageNo && next.pageNo > 1 ? next.pageNo : undefined,
      }),
      { replace: true },
    );
  const records = page.data?.records ?? [];
  return (
    <PortalPage config={config} testId="portal-purchase-page">
      <Banner title="采购公告" testId="portal-purchase-banner" color={config.hero.primaryColor}>
        <p className="p-banner-text">
          正在进行的采购机会 <strong data-testid="portal-ongoing">{page.data ? page.data.ongoing : '—'}</strong> 个
        </p>
        <SearchForm key={likeName} initial={likeName} onSearch={(value) => go({ likeName: value, pageNo: 1 })} />
      </Banner>
      <div className="p-container p-section">
        <h2 className="sr-only">公告列表</h2>
        <Tabs
          items={PURCHASE_TABS}
          active={tab}
          onChange={(key) => go({ type: key, pageNo: 1 })}
          testId="portal-purchase-tab"
        />
        <Pending loading={page.loading} empty={records.length === 0}>
          <div className="p-list" data-testid="portal-purchase-list" data-total={page.data?.total ?? 0}>
            {records.map((item) => (
              <PurchaseCard key={item.id} item={item} />
            ))}
          </div>
          <Pager
            current={page.data?.current ?? pageNo}
            pages={page.data?.pages ?? 1}
            onChange={(p) => go({ pageNo: p })}
          />
        </Pending>
      </div>
    </PortalPage>
  );
}
