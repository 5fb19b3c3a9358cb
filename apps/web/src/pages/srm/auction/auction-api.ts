import { useEffect, useState } from 'react';
import { LOT_STATE_TEXT, type PageResult } from '@procura/shared';
import { getOrThrow } from '../../../lib/supplier-api';
import type { EventDetail, EventRow } from '../sourcing/sourcing-api';
import { openLotStream, type StreamMode } from './auction-stream';

export type { StreamMode } from './auction-stream';

/** Wire shapes of 竞价 (domain §12), as `/srm/auction/*` answers them. Times are ISO-8601 UTC. */
export type AuctionRules = {
  biddingTarget: 'UNIT_PRICE' | 'LOT_TOTAL';
  startPrice: string;
  reservePrice: string | null;
  decrementMode: 'AMOUNT' | 'PERCENT';
  decrementValue: string;
  bidRule: 'BEAT_OWN_LAST' | 'BEAT_BEST';
  tieRule: 'NO_TIES' | 'EARLIER_WINS';
  maxBidsPerSupplier: number | null;
  confirmDropPct: string;
  startAt: string;
  endAt: string;
  overtimeEnabled: boolean;
  overtimeWindowMin: number;
  overtimeTrigger: 'ANY_BID' | 'LEADER_CHANGE';
  overtimeBase: 'FROM_BID_TIME' | 'FROM_END_TIME';
  overtimeExtendMin: number;
  maxExtensions: number | null;
  maxTotalExtensionMin: number | null;
  supplierView: 'RANK_ONLY' | 'BEST_PRICE' | 'RANK_AND_BEST' | 'TRAFFIC_LIGHT' | 'NONE';
  showParticipantCount: boolean;
  buyerAnonymous: boolean;
  minParticipants: number;
  pricePrecision: number;
};
export type PublicRules = Pick<
  AuctionRules,
  | 'biddingTarget'
  | 'startPrice'
  | 'decrementMode'
  | 'decrementValue'
  | 'bidRule'
  | 'tieRule'
  | 'maxBidsPerSupplier'
  | 'confirmDropPct'
  | 'startAt'
  | 'endAt'
  | 'overtimeEnabled'
  | 'overtimeWindowMin'
  | 'overtimeExtendMin'
  | 'maxExtensions'
  | 'supplierView'
  | 'pricePrecision'
>;

export type LotStatus = 'SCHEDULED' | 'RUNNING' | 'PAUSED' | 'CLOSED' | 'FAILED' | 'CANCELLED';
/** A closed lot's result for the buyer (AUC-14 rank-1 recommendation, AUC-15 reserve, AUC-17 savings). */
export type LotResult = {
  recommendedSupplierId: string | null;
  finalBest: string | null;
  aboveReserve: boolean;
  savings: { vsStart: string; vsStartPct: string; vsPrevious: string | null; vsPreviousPct: string | null } | null;
  status: LotStatus;
};
export type AuctionLot = {
  id: string;
  lotNo: number;
  name: string;
  rules: AuctionRules;
  status: LotStatus;
  currentEndAt: string;
  extensionsUsed: number;
  bestPrice: string | null;
  result: LotResult | null;
};
export type AuctionDetail = EventDetail & { lots: AuctionLot[] };

type CommonView = {
  lotId: string;
  status: LotStatus;
  phase: 'DURING' | 'AFTER';
  serverTime: string;
  startAt: string;
  currentEndAt: string;
  extensionsUsed: number;
  pausedAt: string | null;
  pauseReason: string | null;
};
export type BuyerView = CommonView & {
  audience: 'BUYER';
  anonymous: boolean;
  totalExtensionMs: number;
  participantCount: number;
  bestPrice: string | null;
  ranking: {
    rank: number;
    label: string;
    supplierId: string | null;
    price: string;
    bidCount: number;
    lastBidAt: string;
  }[];
  bids: {
    seq: number;
    label: string;
    supplierId: string | null;
    price: string;
    receivedAt: string;
    status: 'ACCEPTED' | 'VOIDED';
    extendedEndAt: string | null;
  }[];
};
export type BidderView = CommonView & {
  audience: 'BIDDER';
  ownBids: { no: number; price: string; receivedAt: string; status: 'ACCEPTED' | 'VOIDED' }[];
  ownPrice: string | null;
  ownRank: number | null;
  bestPrice: string | null;
  trafficLight: 'GREEN' | 'YELLOW' | 'RED' | null;
  participantCount: number | null;
  winnerName: string | null;
};
export type LotView = BuyerView | BidderView;

export type MyLotRow = {
  eventId: string;
  code: string;
  title: string;
  eventStatus: string;
  currency: string;
  participationStatus: string;
  lotId: string;
  lotName: string;
  status: LotStatus;
  currentEndAt: string;
  extensionsUsed: number;
  rules: PublicRules;
  lines: {
    id: string;
    lineNo: number;
    materialName: string | null;
    spec: string | null;
    qty: string;
    unit: string | null;
  }[];
  /** Once the award is FINAL: the supplier's own outcome, as its award / non-award notice said (AWD-7). */
  outcome: 'AWARDED' | 'NOT_AWARDED' | null;
  noticeIssuedAt: string | null;
  /** Why the auction failed (流标), when it did. */
  failReason: string | null;
};

/** A lot's status text: the one map the server's log names too. */
export const LOT_STATUS: Readonly<Record<LotStatus, string>> = LOT_STATE_TEXT;
export const LOT_STATUS_COLOR: Record<LotStatus, string> = {
  SCHEDULED: 'default',
  RUNNING: 'processing',
  PAUSED: 'warning',
  CLOSED: 'success',
  FAILED: 'error',
  CANCELLED: 'default',
};
export const BIDDING_TARGET = { LOT_TOTAL: '标段总价', UNIT_PRICE: '物料单价' } as const;
export const DECREMENT_MODE = { PERCENT: '按百分比', AMOUNT: '按金额' } as const;
export const BID_RULE = { BEAT_BEST: '低于当前最低价', BEAT_OWN_LAST: '低于本方上次报价' } as const;
export const TIE_RULE = { NO_TIES: '不允许同价', EARLIER_WINS: '同价先报者优先' } as const;
export const OVERTIME_TRIGGER = { ANY_BID: '出现新的报价', LEADER_CHANGE: '第一名价格发生变化' } as const;
export const OVERTIME_BASE = { FROM_BID_TIME: '从出价时间起算', FROM_END_TIME: '从当前结束时间起算' } as const;
export const SUPPLIER_VIEW = {
  RANK_ONLY: '仅本方排名',
  BEST_PRICE: '当前最低价',
  RANK_AND_BEST: '排名和最低价',
  TRAFFIC_LIGHT: '红绿灯',
  NONE: '不显示',
} as const;
export const TRAFFIC_LIGHT = {
  GREEN: { color: 'green', text: '领先' },
  YELLOW: { color: 'gold', text: '接近' },
  RED: { color: 'red', text: '落后' },
} as const;
export const PARTICIPATION_STATUS: Record<string, string> = {
  INVITED: '待确认',
  ACCEPTED: '已入围',
  DECLINED: '已拒绝',
  BANNED: '已禁止出价',
};
export const VISIBILITY = { INVITED: '邀请竞价（仅受邀供应商）', PUBLIC: '公开竞价（门户发布公告与结果）' } as const;
export const OUTCOME = {
  AWARDED: { color: 'green', text: '中标' },
  NOT_AWARDED: { color: 'default', text: '未中标' },
} as const;

/** The rule block's defaults (§12.1), shown in a new draft. */
export const DEFAULT_RULES: Omit<AuctionRules, 'startPrice' | 'startAt' | 'endAt'> = {
  biddingTarget: 'LOT_TOTAL',
  reservePrice: null,
  decrementMode: 'PERCENT',
  decrementValue: '0.5',
  bidRule: 'BEAT_BEST',
  tieRule: 'NO_TIES',
  maxBidsPerSupplier: null,
  confirmDropPct: '20',
  overtimeEnabled: true,
  overtimeWindowMin: 5,
  overtimeTrigger: 'ANY_BID',
  overtimeBase: 'FROM_BID_TIME',
  overtimeExtendMin: 5,
  maxExtensions: 10,
  maxTotalExtensionMin: null,
  supplierView: 'RANK_ONLY',
  showParticipantCount: false,
  buyerAnonymous: true,
  minParticipants: 3,
  pricePrecision: 2,
};

const DECIMAL = /^\d+(\.\d+)?$/;
const decimals = (v: string) => (v.split('.')[1] ?? '').length;

/** The draft form's check of the rule block before sending (the server checks again). */
export function ruleErrors(r: Partial<AuctionRules>): string[] {
  const errors: string[] = [];
  const precision = r.pricePrecision ?? 2;
  const start = (r.startPrice ?? '').trim();
  if (!DECIMAL.test(start) || Number(start) <= 0) errors.push('起拍价须为大于0的数字');
  else if (decimals(start) > precision) errors.push(`起拍价最多${precision}位小数`);
  const reserve = (r.reservePrice ?? '').trim();
  if (reserve) {
    if (!DECIMAL.test(reserve) || Number(reserve) <= 0) errors.push('保留价须为大于0的数字');
    else if (DECIMAL.test(start) && Number(reserve) > Number(start)) errors.push('保留价不能高于起拍价');
  }
  const step = (r.decrementValue ?? '').trim();
  if (!DECIMAL.test(step) || Number(step) <= 0) errors.push('最小降价幅度须为大于0的数字');
  else if (r.decrementMode === 'PERCENT' && Number(step) >= 100) errors.push('最小降价幅度百分比必须小于100');
  if (!r.startAt || !r.endAt) errors.push('请填写竞价开始和结束时间');
  else if (Date.parse(r.startAt) >= Date.parse(r.endAt)) errors.push('竞价结束时间必须晚于开始时间');
  if (r.overtimeEnabled && (!r.overtimeWindowMin || !r.overtimeExtendMin))
    errors.push('启用延时须填写延时触发时间段和延时时长');
  return errors;
}

export const listAuctions = (params: Record<string, string>) =>
  getOrThrow<PageResult<EventRow>>('/srm/sourcing/event/list', { ...params, type: 'AUCTION' });
export const loadAuction = (id: string) => getOrThrow<AuctionDetail>('/srm/auction/event/queryById', { id });
export const listMyLots = () => getOrThrow<MyLotRow[]>('/srm/auction/supplier/lot/list');

/** A unique id per bid attempt (X-8 idempotency). */
export const newRequestId = () => `web-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;

/** The lot's live view, the stream's mode and the offset server time − local time (for countdowns). */
export function useLotView(lotId: string | null, audience: 'BUYER' | 'BIDDER') {
  const [latest, setLatest] = useState<{ lotId: string; view: LotView; offsetMs: number } | null>(null);
  const [mode, setMode] = useState<StreamMode>('connecting');
  useEffect(() => {
    if (!lotId) return undefined;
    return openLotStream(
      lotId,
      audience,
      (view) => setLatest({ lotId, view, offsetMs: Date.parse(view.serverTime) - Date.now() }),
      setMode,
    );
  }, [lotId, audience]);
  const current = latest && latest.lotId === lotId ? latest : null;
  return { view: current?.view ?? null, mode, offsetMs: current?.offsetMs ?? 0 };
}

/** Remaining time as 时:分:秒 (or 天 when long). */
export function formatRemaining(ms: number): string {
  if (ms <= 0) return '00:00:00';
  const total = Math.floor(ms / 1000);
  const days = Math.floor(total / 86400);
  const h = Math.floor((total % 86400) / 3600);
  const m = Math.floor((total % 3600) / 60);
  const s = total % 60;
  const hms = [h, m, s].map((n) => String(n).padStart(2, '0')).join(':');
  return days > 0 ? `${days}天 ${hms}` : hms;
}

/** An ISO time shown in the business timezone (GMT+8) as yyyy-MM-dd HH:mm:ss. */
export function wireTime(iso: string | null | undefined): string {
  if (!iso) return '-';
  const ms = Date.parse(iso);
  if (Number.isNaN(ms)) return iso;
  return new Date(ms + 8 * 3600_000).toISOString().slice(0, 19).replace('T', ' ');
}
