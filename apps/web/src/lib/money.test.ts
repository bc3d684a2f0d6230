import { describe, expect, it } from 'vitest';
import { addMoney, fromSatang, signOfMoney, toSatang } from './money';

describe('report money', () => {
  it('reads numbers and decimal strings as exact satang', () => {
    expect(toSatang(1234.56)).toBe(123456n);
    expect(toSatang(-0.07)).toBe(-7n);
    expect(toSatang('92233720368547758.07')).toBe(9223372036854775807n);
    expect(toSatang('-92233720368547758.08')).toBe(-9223372036854775808n);
  });

  it('answers a number below 10^15 satang, a decimal string from there on', () => {
    expect(fromSatang(999999999999999n)).toBe(9999999999999.99);
    expect(fromSatang(1000000000000000n)).toBe('10000000000000.00');
    // 80,000,000,000,000.01 baht: as a double it would print .02.
    expect(fromSatang(8000000000000001n)).toBe('80000000000000.01');
    expect(fromSatang(-9223372036854775808n)).toBe('-92233720368547758.08');
  });

  it('adds exactly across the boundary, and signs by satang', () => {
    expect(addMoney('92233720368547758.07', 0.03)).toBe('92233720368547758.10');
    expect(addMoney(0.1, 0.2)).toBe(0.3);
    expect(addMoney('10000000000000.00', -0.01)).toBe(9999999999999.99);
    expect(signOfMoney('-0.01')).toBe(-1);
    expect(signOfMoney(0.004)).toBe(0);
    expect(signOfMoney('1.00')).toBe(1);
  });
});
