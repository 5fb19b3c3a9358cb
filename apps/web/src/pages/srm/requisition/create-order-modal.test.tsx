import { describe, expect, it } from 'vitest';
import { orderPickErrors } from './create-order-modal';

/** 转订单 (PR-3): what the dialog refuses before sending (the server checks again). */
describe('orderPickErrors', () => {
  const pick = { lineNo: 1, qty: '5', remaining: '8', unitPrice: '12.5', taxRate: '13' };
  it('accepts a supplier and a line within its remaining quantity', () => {
    expect(orderPickErrors('s1', [pick])).toEqual([]);
  });
  it('names what is missing or over the remaining quantity', () => {
    expect(orderPickErrors(null, [])).toEqual(['请选择供应商', '请至少选择一行']);
    expect(orderPickErrors('s1', [{ ...pick, qty: '9' }])).toEqual(['第1行下单数量不能超过剩余数量 8']);
    expect(orderPickErrors('s1', [{ ...pick, qty: '0', unitPrice: '', taxRate: 'x' }])).toEqual([
      '第1行下单数量必须大于0（最多4位小数）',
      '第1行请填写单价',
      '第1行请填写税率',
    ]);
  });
});
