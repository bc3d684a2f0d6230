import { describe, expect, it } from 'vitest';
import { i18n } from '../lib/i18n';
import { badIpEntryMessage, listCovers } from './ip-list-input';

describe('listCovers: does an allow-list let this address in?', () => {
  it.each([
    [[], '203.0.113.7', true],
    [['203.0.113.7'], '203.0.113.7', true],
    [['203.0.113.8'], '203.0.113.7', false],
    [['203.0.113.0/24'], '203.0.113.255', true],
    [['203.0.113.0/24'], '203.0.114.0', false],
    [['0.0.0.0/0'], '8.8.8.8', true],
    [['127.0.0.1/32'], '127.0.0.1', true],
    [['127.0.0.0/8'], '::ffff:127.0.0.1', true],
    [['::ffff:127.0.0.1'], '127.0.0.1', true],
    [['2001:DB8::1'], '2001:db8::1', true],
    [['2001:db8::/32'], '2001:db8::1', null],
    [['2001:db8::/32'], '127.0.0.1', false],
    [['10.0.0.0/8', '2001:db8::/32'], '10.1.2.3', true],
  ] as const)('%j lets %s in: %s', (entries, address, expected) => {
    expect(listCovers(entries, address)).toBe(expected);
  });
});

describe('badIpEntryMessage', () => {
  it('names the first wrong entry and its position, in the language shown', async () => {
    await i18n.changeLanguage('th');
    expect(badIpEntryMessage(['10.0.0.1', '10.0.0.0/33', 'x'])).toBe(
      '“10.0.0.0/33” (รายการที่ 2): ต้องเป็นที่อยู่ IPv4 หรือ IPv6 หรือช่วง CIDR',
    );
    await i18n.changeLanguage('en');
    expect(badIpEntryMessage(['host.example.com'])).toBe(
      '“host.example.com” (entry 1): Must be an IPv4 or IPv6 address or CIDR range',
    );
    expect(badIpEntryMessage(['192.0.2.1', '2001:db8::/48'])).toBeNull();
  });
});
