import { describe, expect, it } from 'vitest';
import { addMoney, fromSatang, signOfMoney, toSatang } from './money';

describe('report money', () => {
  it('reads numbers and decimal strings as exact satang', () => {
    expect(toSatang(1234.56)).toBe(123456n);
    expect(toSatang(-0.07)).toBe(-7n);
    expect(toSatang('92233720368547758.07')).toBe(9223372036854775807n);
    expect(toSatang('-92233720368547758.08')).toBe(-9223372036854775808n);
  });

  it('answers a number while exact, a decimal string beyond 2^53 satang', () => {
    expect(fromSatang(9007199254740991n)).toBe(90071992547409.91);
    expect(fromSatang(9007199254740992n)).toBe('90071992547409.92');
    expect(fromSatang(-9223372036854775808n)).toBe('-92233720368547758.08');
  });

  it('adds exactly across the boundary, and signs by satang', () => {
    expect(addMoney('92233720368547758.07', 0.03)).toBe('92233720368547758.10');
    expect(addMoney(0.1, 0.2)).toBe(0.3);
    expect(addMoney('90071992547409.92', -0.01)).toBe(90071992547409.91);
    expect(signOfMoney('-0.01')).toBe(-1);
    expect(signOfMoney(0.004)).toBe(0);
    expect(signOfMoney('1.00')).toBe(1);
  });
});
