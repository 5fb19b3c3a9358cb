import { LOGIN_PATH, PORTAL_TYPE_LABELS } from '@procura/shared';
import type {
  NewsItem,
  PortalResult,
  PurchaseAnnouncementDetail,
  PurchaseAnnouncementItem,
  ResultAnnouncementItem,
} from '@procura/shared';
import { useEffect, useState } from 'react';
import { isLoggedIn, portalPost, usePortalView } from './api';
import { http } from '../lib/http-client';
import { Link } from './router';
import { toast } from './toast';
import { Countdown, Dialog, Loading } from './widgets';

export const SIGN_IN_FIRST = '请先登录或注册';

/** One purchase announcement: title, subtitle, status text, info list, date labels, countdown; 详情 opens `/detail` in a new tab. */
export function PurchaseCard({ item, compact = false }: { item: PurchaseAnnouncementItem; compact?: boolean }) {
  const dates = item.dates.length > 0 ? item.dates : [{ label: '报名截止时间', value: null }];
  return (
    <article className="p-card p-purchase" data-testid="portal-purchase-item" data-type={item.type} data-id={item.id}>
      <div className="p-purchase-head">
        <span className={`p-type p-type-${item.type}`}>{PORTAL_TYPE_LABELS[item.type] ?? item.type}</span>
        <h3 className="p-purchase-title" title={item.title}>
          {item.title}
        </h3>
        <span className="p-status" data-testid="portal-purchase-status">
          {item.status}
        </span>
      </div>
      <p className="p-subtitle">{item.subtitle}</p>
      {compact ? null : (
        <dl className="p-info">
          {item.info.map((info) => (
            <div key={info.label}>
              <dt>{info.label}</dt>
              <dd>{info.value || '—'}</dd>
            </div>
          ))}
        </dl>
      )}
      <div className="p-purchase-foot">
        <ul className="p-dates">
          {(compact ? dates.slice(0, 1) : dates).map((date) => (
            <li key={date.label}>
              {date.label || '报名截止时间'}：{date.value ?? '—'}
            </li>
          ))}
        </ul>
        <Countdown days={item.countdown} />
        {compact ? (
          // On the home page 详情 opens the purchase tab on the item's sub-tab (spec part 1 §2.5).
          <Link
            className="p-btn p-btn-primary"
            to={`/purchaseAnnouncement?type=${item.type}`}
            data-testid="portal-home-detail-link"
          >
            详情
          </Link>
        ) : (
          <a
            className="p-btn p-btn-primary"
            href={`/detail?id=${encodeURIComponent(item.id)}`}
            target="_blank"
            rel="noopener noreferrer"
            data-testid="portal-detail-link"
          >
            详情
          </a>
        )}
      </div>
    </article>
  );
}

export function ResultCard({
  item,
  onOpen,
}: {
  item: ResultAnnouncementItem;
  onOpen: (item: ResultAnnouncementItem) => void;
}) {
  return (
    <button
      type="button"
      className="p-card p-result"
      data-testid="portal-result-item"
      data-type={item.type}
      onClick={() => onOpen(item)}
    >
      <span className={`p-type p-type-${item.type}`}>{PORTAL_TYPE_LABELS[item.type] ?? item.type}</span>
      <span className="p-result-title">{item.title}</span>
      <span className="p-result-content">{item.content}</span>
      <span className="p-date">{item.date}</span>
    </button>
  );
}

export function NewsCard({ item }: { item: NewsItem }) {
  const industry = item.type === '行业新闻';
  return (
    <article className="p-card p-news" data-testid="portal-news-card">
      <span
        className={industry ? 'p-news-type p-news-orange' : 'p-news-type p-news-blue'}
        data-testid="portal-news-type"
        data-color={industry ? 'orange' : 'blue'}
      >
        {item.type || '公司新闻'}
      </span>
      <h3>
        <Link to={`/news?id=${encodeURIComponent(item.id)}`}>{item.title}</Link>
      </h3>
      <p>{item.content}</p>
      <span className="p-date">{item.date}</span>
    </article>
  );
}

/** 结果公告: the winning-bid card (company, project, bid code) and the supplier list. */
export function ResultModal({ item, onClose }: { item: ResultAnnouncementItem; onClose: () => void }) {
  const { data, loading } = usePortalView<PortalResult>('/portal/view/portalResult', {
    name: item.id,
    type: item.type,
  });
  return (
    <Dialog title="结果公告" onClose={onClose} testId="portal-result-modal">
      {loading ? (
        <Loading />
      ) : data ? (
        <>
          <h3 className="p-modal-title">{data.title}</h3>
          <div className="p-win-card" data-testid="portal-win-card">
            <div>
              {/* A candidate publicity names no winner yet: its candidates are 中标候选人, not 中标单位. */}
              <span className="p-label" data-testid="portal-win-label">
                {!data.company && data.supplierList.length ? '中标候选人' : '中标单位'}
              </span>
              <strong data-testid="portal-win-company">
                {data.company || data.supplierList.map((s) => s.name).join('、') || '—'}
              </strong>
            </div>
            <div>
              <span className="p-label">项目名称</span>
              <span data-testid="portal-win-project">{data.projectName}</span>
            </div>
            <div>
              <span className="p-label">项目编号</span>
              <span data-testid="portal-win-code">{data.bidCode}</span>
            </div>
          </div>
          <table className="p-table" data-testid="portal-supplier-list">
            <thead>
              <tr>
                <th scope="col">名次</th>
                <th scope="col">供应商</th>
              </tr>
            </thead>
            <tbody>
              {data.supplierList.length === 0 ? (
                <tr>
                  <td colSpan={2}>暂无数据</td>
                </tr>
              ) : (
                data.supplierList.map((row, i) => (
                  <tr key={i}>
                    <td>{row.title}</td>
                    <td>{row.name}</td>
                  </tr>
                ))
              )}
            </tbody>
          </table>
          <p className="p-date">更新时间：{data.updateTime}</p>
        </>
      ) : (
        <p>暂无数据</p>
      )}
    </Dialog>
  );
}

/** The 报名 dialog: 关闭 and 报名; without a stored login it only prompts 请先登录或注册. */
export function InvitationDialog({ id, type, onClose }: { id: string; type: string; onClose: () => void }) {
  const { data, loading } = usePortalView<PurchaseAnnouncementDetail>('/portal/view/invitation', { name: id, type });
  const [busy, setBusy] = useState(false);
  const [note, setNote] = useState<{ ok: boolean; text: string } | null>(null);
  // A signed-in supplier that cannot sign up at all yet (e.g. its admission is pending, X-15) is told so up front.
  const [blocked, setBlocked] = useState<string | null>(null);
  useEffect(() => {
    if (!isLoggedIn()) return;
    let live = true;
    void http.envelope<{ refusal: string | null }>('GET', '/portal/view/signUpCheck').then((answer) => {
      if (live && answer.success) setBlocked(answer.result.refusal);
    });
    return () => {
      live = false;
    };
  }, []);
  const signUp = async () => {
    if (!isLoggedIn()) {
      toast.warning(SIGN_IN_FIRST);
      setNote({ ok: false, text: SIGN_IN_FIRST });
      return;
    }
    setBusy(true);
    const answer = await portalPost<unknown>('/portal/view/signUp', { id });
    setBusy(false);
    const text = answer.message || (answer.success ? '报名成功' : '报名失败');
    if (answer.success) toast.success(text);
    else toast.warning(text);
    setNote({ ok: answer.success, text });
  };
  return (
    <Dialog
      title="报名"
      onClose={onClose}
      testId="portal-invitation"
      footer={
        <>
          <button type="button" className="p-btn" onClick={onClose} data-testid="portal-invitation-close">
            关闭
          </button>
          <button
            type="button"
            className="p-btn p-btn-primary"
            onClick={() => void signUp()}
            disabled={busy || blocked !== null}
            title={blocked ?? undefined}
            data-testid="portal-invitation-signup"
          >
            报名
          </button>
        </>
      }
    >
      {loading ? (
        <Loading />
      ) : data ? (
        <div>
          <h3 className="p-modal-title">{data.title}</h3>
          <p className="p-subtitle">{data.subtitle}</p>
          <p>
            报名时间：{data.signupStart ?? '—'} 至 {data.signupDeadline ?? '—'}
          </p>
          {data.signupOpen ? null : <p className="p-muted">当前不在报名时间内</p>}
        </div>
      ) : null}
      {blocked ? (
        <p className="p-note p-note-warn" data-testid="portal-invitation-blocked">
          {blocked}
        </p>
      ) : null}
      {note ? (
        <p
          className={note.ok ? 'p-note p-note-ok' : 'p-note p-note-warn'}
          data-testid="portal-invitation-message"
          role="alert"
        >
          {note.text}
        </p>
      ) : null}
      {note && !note.ok && !isLoggedIn() ? (
        // A visitor signs in (and comes back to this announcement) or registers first.
        <p className="p-note" data-testid="portal-invitation-links">
          <a
            href={`${LOGIN_PATH}?redirect=${encodeURIComponent(window.location.pathname + window.location.search)}`}
            data-testid="portal-invitation-login"
          >
            登录
          </a>
          {' 或 '}
          <a href="/register" data-testid="portal-invitation-register">
            注册供应商
          </a>
        </p>
      ) : null}
    </Dialog>
  );
}
