import { useRef, useState } from 'react';
import { App } from 'antd';
import { postAction } from '../../../lib/http';
import { newRequestId, wireTime, type MyLotRow } from './auction-api';

type BidAnswer = {
  price: string;
  receivedAt: string;
  rank: number | null;
  extendedEndAt: string | null;
  duplicate: boolean;
};
type Pending = { requestId: string; body: Record<string, unknown>; message: string };

/**
 * A bidder's price entry for one lot: the total or the unit prices, checked before sending; one
 * bid in flight at a time; the server's refusal as the error; and the AUC-8 "confirm this price"
 * answer kept pending until the bidder confirms (sent again with the same request id).
 */
export function useBidForm(row: MyLotRow) {
  const { message } = App.useApp();
  const [price, setPrice] = useState('');
  const [unitPrices, setUnitPrices] = useState<Record<string, string>>({});
  const [error, setError] = useState<string | null>(null);
  const [pending, setPending] = useState<Pending | null>(null);
  const [busy, setBusy] = useState(false);
  const sending = useRef(false);
  const unitMode = row.rules.biddingTarget === 'UNIT_PRICE';

  const send = async (requestId: string, body: Record<string, unknown>, confirmed: boolean) => {
    if (sending.current) return;
    sending.current = true;
    setBusy(true);
    setError(null);
    try {
      const answer = await postAction<BidAnswer & { reason?: string }>(
        '/srm/auction/supplier/bid',
        { ...body, clientRequestId: requestId, ...(confirmed ? { confirmed: true } : {}) },
        { quiet: [400] },
      );
      if (answer.success) {
        setPending(null);
        setPrice('');
        setUnitPrices({});
        message.success(
          answer.result.extendedEndAt ? `出价成功，竞价延时至 ${wireTime(answer.result.extendedEndAt)}` : '出价成功',
        );
        return;
      }
      const reason = (answer.result as { reason?: string } | null)?.reason;
      if (reason === 'NEEDS_CONFIRMATION' && !confirmed) {
        setPending({ requestId, body, message: answer.message });
        return;
      }
      setPending(null);
      setError(answer.message);
    } catch (cause) {
      setError(cause instanceof Error ? cause.message : '出价失败');
    } finally {
      sending.current = false;
      setBusy(false);
    }
  };

  const submit = () => {
    if (unitMode) {
      const missing = row.lines.find((l) => !(unitPrices[l.id] ?? '').trim());
      if (missing) {
        setError(`请填写第${missing.lineNo}行单价`);
        return;
      }
      void send(
        newRequestId(),
        {
          lotId: row.lotId,
          lines: row.lines.map((l) => ({ lineId: l.id, qty: l.qty, unitPrice: unitPrices[l.id]!.trim() })),
        },
        false,
      );
      return;
    }
    if (!price.trim()) {
      setError('请填写报价');
      return;
    }
    void send(newRequestId(), { lotId: row.lotId, price: price.trim() }, false);
  };

  return { price, setPrice, unitPrices, setUnitPrices, error, pending, setPending, busy, send, submit, unitMode };
}
