import { add, fromScaled, multiply, toScaled, trim } from '@procura/shared';

/**
 * Requisition decimals: what a quantity (4 places) and a unit price (6) may look like, and
 * the few shapes the module computes in, over the shared exact arithmetic of `@procura/shared` (decimal.ts).
 * Inputs are non-negative.
 */
export const QTY_PATTERN = /^\d{1,14}(\.\d{1,4})?$/;
export const PRICE_PATTERN = /^\d{1,12}(\.\d{1,6})?$/;

/** A decimal string as an integer count of millionths. */
export const units = toScaled;

/** Millionths back to the shortest decimal string (`10`, `2.5`, `0.125`). */
export const qtyText = (value: bigint): string => trim(fromScaled(value, 6));

/** round(qty × unit price, 2), half-up. */
export const lineAmount = (qty: string, unitPrice: string): string => multiply(qty, unitPrice, 2);

/** Σ of money strings (two places each). */
export const sumMoney = (values: string[]): string => add(values, 2);
