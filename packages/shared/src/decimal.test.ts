import { describe, expect, it } from 'vitest';
import {
  add,
  compare,
  decimals,
  divide,
  divRound,
  formatDecimal,
  fromScaled,
  isDecimal,
  multiply,
  percentOf,
  parseDecimal,
  share,
  subtract,
  toScaled,
  trim,
} from './decimal.js';

describe('exact decimals (X-6)', () => {
  it('accepts decimal(18,6) text only', () => {
    expect(isDecimal('123456789012.123456')).toBe(true);
    expect(isDecimal('0')).toBe(true);
    expect(isDecimal('1234567890123')).toBe(false);
    expect(isDecimal('1.1234567')).toBe(false);
    expect(isDecimal('-1')).toBe(false);
    expect(isDecimal('1e3')).toBe(false);
    expect(decimals('12.340')).toBe(3);
    expect(decimals('12')).toBe(0);
  });

  it('scales to millionths and back, cutting', () => {
    expect(toScaled('12.5')).toBe(12_500000n);
    expect(toScaled(' 0.0000019 ')).toBe(1n);
    expect(toScaled('.5')).toBe(500000n);
    expect(fromScaled(12_567890n, 2)).toBe('12.56');
    expect(fromScaled(-1_500000n, 1)).toBe('-1.5');
    expect(fromScaled(7_000000n, 0)).toBe('7');
  });

  it('multiplies, divides and shares, half up', () => {
    expect(multiply('3', '0.335')).toBe('1.01');
    expect(multiply('2.5', '4.4', 4)).toBe('11.0000');
    expect(multiply('0.005', '1')).toBe('0.01');
    // A line's tax: amount × rate %, rounded once, half-up.
    expect(percentOf('100.00', '13')).toBe('13.00');
    expect(percentOf('0.50', '13')).toBe('0.07');
    expect(percentOf('123.45', '6.5')).toBe('8.02');
    expect(percentOf('1.00', '0.5', 4)).toBe('0.0050');
    expect(divide('10', '3')).toBe('3.333333');
    expect(divide('20', '3')).toBe('6.666667');
    expect(divide('1', '8', 2)).toBe('0.13');
    expect(divide('0.0049996', '1', 2)).toBe('0');
    expect(share('100', 33)).toBe('33');
    expect(share('0.00015', 50)).toBe('0.0001');
    expect(share('10.5', 25, 2)).toBe('2.63');
  });

  it('adds, subtracts, compares and trims', () => {
    expect(add(['1.10', '2.205', '0'])).toBe('3.30');
    expect(add([], 2)).toBe('0.00');
    expect(add(['1.5', '2.25'], 6)).toBe('3.750000');
    expect(subtract('10', '2.5')).toBe('7.5');
    expect(subtract('2', '2')).toBe('0');
    expect(compare('1.50', '1.5')).toBe(0);
    expect(compare('2', '10')).toBe(-1);
    expect(compare('10.000001', '10')).toBe(1);
    expect(trim('12.500')).toBe('12.5');
    expect(trim('12.000')).toBe('12');
    expect(trim('1200')).toBe('1200');
  });

  it('rounds a quotient half away from zero', () => {
    expect(divRound(5n, 2n)).toBe(3n);
    expect(divRound(-5n, 2n)).toBe(-3n);
    expect(divRound(4n, 3n)).toBe(1n);
    expect(divRound(5n, -2n)).toBe(-3n);
  });
});

describe('decimals (X-6)', () => {
  it.each([
    ['29000', 2, 29000_000000n],
    ['29000.50', 2, 29000_500000n],
    ['29000.500', 2, 29000_500000n],
    [' 0.01 ', 2, 10000n],
    ['0.001', 2, null],
    ['1e3', 2, null],
    ['-1', 2, null],
    ['', 2, null],
    ['1234567890123', 2, null],
  ])('parseDecimal(%j, %i) = %s', (text, precision, expected) => {
    expect(parseDecimal(text, precision)).toBe(expected);
  });

  it('formats with exactly the precision, half up', () => {
    expect(formatDecimal(28710_000000n, 2)).toBe('28710.00');
    expect(formatDecimal(1_665000n, 2)).toBe('1.67');
    expect(formatDecimal(-116_000000n, 2)).toBe('-116.00');
    expect(formatDecimal(5_500000n, 0)).toBe('6');
  });
});
