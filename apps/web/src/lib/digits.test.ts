import { describe, expect, it } from 'vitest';
import { asciiDigits, oneTimeCode } from './digits';

describe('digits as a Thai user types them', () => {
  it('reads Thai and full-width digits as 0–9, one character for one', () => {
    expect(asciiDigits('๐๑๒๓๔๕๖๗๘๙')).toBe('0123456789');
    expect(asciiDigits('１２３abc')).toBe('123abc');
    expect(asciiDigits('10,000.50')).toBe('10,000.50');
  });

  it('a one-time code loses the spaces apps show in it, and nothing else', () => {
    expect(oneTimeCode(' 123 456 ')).toBe('123456');
    expect(oneTimeCode('๑๒๓ ๔๕๖')).toBe('123456');
    expect(oneTimeCode('12a 456')).toBe('12a456');
  });
});
