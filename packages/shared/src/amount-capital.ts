import { AMOUNT_LIMIT } from './constants.js';
import { divRound, SCALED_ONE, toScaled } from './decimal.js';

const DIGITS = '零壹贰叁肆伍陆柒捌玖';
const UNITS = ['', '拾', '佰', '仟'];
const SECTIONS = ['', '万', '亿', '万亿'];

function sectionToCapital(section: number): string {
  let out = '';
  let zero = false;
  for (let i = 3; i >= 0; i--) {
    const d = Math.floor(section / 10 ** i) % 10;
    if (d === 0) {
      if (out) zero = true;
    } else {
      if (zero) out += '零';
      zero = false;
      out += DIGITS[d]! + UNITS[i]!;
    }
  }
  return out;
}

/**
 * An amount in Chinese capitals (大写金额), to the fen. Works on the decimal string so that
 * no binary float rounding enters (money rule X-6). Empty gives empty; 1e15 or more gives
 * '超出最大处理数字'.
 */
export function amountToCapital(amount: string | number | null | undefined): string {
  if (amount === null || amount === undefined || String(amount).trim() === '') return '';
  const text = String(amount).trim();
  if (!/^-?\d+(\.\d+)?$/.test(text)) return '';
  if (Math.abs(Number(text)) >= AMOUNT_LIMIT) return '超出最大处理数字';
  const negative = text.startsWith('-');
  // Round half-up to two decimals (fen) in exact decimal arithmetic.
  const fen = divRound(toScaled(text.replace('-', '')), SCALED_ONE / 100n);
  const yuan = fen / 100n;
  const jiao = Number((fen / 10n) % 10n);
  const cents = Number(fen % 10n);

  let integer = '';
  let rest = yuan;
  let sectionIndex = 0;
  let needZero = false;
  while (rest > 0n) {
    const section = Number(rest % 10000n);
    if (section !== 0) {
      const text4 = sectionToCapital(section) + SECTIONS[sectionIndex]!;
      integer = text4 + (needZero ? '零' : '') + integer;
    }
    needZero = section !== 0 && section < 1000 ? true : section === 0 && integer !== '';
    rest /= 10000n;
    sectionIndex++;
  }
  integer = integer.replace(/^零+/, '');
  let out = integer ? integer + '元' : '';
  if (jiao === 0 && cents === 0) {
    out = (out || '零元') + '整';
  } else {
    if (jiao > 0) out += DIGITS[jiao] + '角';
    else if (out) out += '零';
    if (cents > 0) out += DIGITS[cents] + '分';
  }
  return (negative ? '负' : '') + out;
}
