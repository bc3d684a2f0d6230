import { BlockList } from 'node:net';
import { ipEntrySchema, ipv6RangeCoversIpv4, ipv6Words } from '@sapi/contract';
import { describe, expect, it } from 'vitest';
import { isAllowedIp, normalizeIp } from './ip-allow.ts';

describe('normalizeIp', () => {
  it.each([
    ['::ffff:10.0.0.1', '10.0.0.1'],
    ['::FFFF:10.0.0.1', '10.0.0.1'],
    ['::ffff:a00:1', '10.0.0.1'],
    ['0:0:0:0:0:ffff:7f00:1', '127.0.0.1'],
    ['::1', '::1'],
    ['2001:db8::1', '2001:db8::1'],
    ['10.0.0.1', '10.0.0.1'],
    ['not-an-ip', 'not-an-ip'],
  ])('%s is %s', (ip, normal) => {
    expect(normalizeIp(ip)).toBe(normal);
  });
});

describe('ipv6Words', () => {
  it.each([
    ['::', [0, 0, 0, 0, 0, 0, 0, 0]],
    ['::1', [0, 0, 0, 0, 0, 0, 0, 1]],
    ['2001:db8::8:1', [0x2001, 0xdb8, 0, 0, 0, 0, 8, 1]],
    ['::ffff:1.2.3.4', [0, 0, 0, 0, 0, 0xffff, 0x102, 0x304]],
    ['1:2:3:4:5:6:7:8', [1, 2, 3, 4, 5, 6, 7, 8]],
    ['fe80::1%eth0', [0xfe80, 0, 0, 0, 0, 0, 0, 1]],
  ])('%s', (address, words) => {
    expect(ipv6Words(address)).toEqual(words);
  });

  it.each(['1::2::3', '1:2:3:4:5:6:7', '1:2:3:4:5:6:7:8:9', '::g', '::ffff:1.2.3.256'])(
    '%s is none',
    (bad) => {
      expect(ipv6Words(bad)).toBeNull();
    },
  );
});

describe('an IPv6 range holding every IPv4-mapped address (::ffff:0:0/96)', () => {
  /** Node's own arithmetic as the oracle: a range holds the block iff it holds its first and last address. */
  const oracle = (address: string, prefix: number) => {
    const list = new BlockList();
    list.addSubnet(address, prefix, 'ipv6');
    return list.check('::ffff:0:0', 'ipv6') && list.check('::ffff:ffff:ffff', 'ipv6');
  };

  it('is recognised exactly as Node computes it, for every prefix of addresses near the block', () => {
    const addresses = [
      '::',
      '::1',
      '::ffff:0:0',
      '::ffff:10.0.0.0',
      '::fffe:0:0',
      '::1:ffff:0:0',
      '0:0:0:1::',
      '2001:db8::',
      '64:ff9b::',
    ];
    for (const address of addresses) {
      for (let prefix = 0; prefix <= 128; prefix++) {
        const words = ipv6Words(address);
        expect(words, address).not.toBeNull();
        expect(ipv6RangeCoversIpv4(words ?? [], prefix), `${address}/${prefix}`).toBe(
          oracle(address, prefix),
        );
      }
    }
  });

  it('is refused by the contract with its own issue; narrower and unrelated ranges pass', () => {
    for (const entry of ['::/0', '::/64', '::/80', '::ffff:0:0/96', ' ::/1 ']) {
      const issue = ipEntrySchema.safeParse(entry).error?.issues[0];
      expect(issue, entry).toMatchObject({ params: { code: 'ipv6_range_covers_ipv4' } });
    }
    for (const entry of ['::/81', '::ffff:10.0.0.0/104', '2001:db8::/32', '::ffff:0:0', '0.0.0.0/0']) {
      expect(ipEntrySchema.safeParse(entry).success, entry).toBe(true);
    }
    expect(ipEntrySchema.safeParse('::g/64').error?.issues[0]).toMatchObject({
      params: { code: 'ip_or_cidr' },
    });
  });

  it('never admits an IPv4 client when an older list holds one', () => {
    for (const client of ['127.0.0.1', '::ffff:127.0.0.1', '::ffff:7f00:1', '198.51.100.9']) {
      expect(isAllowedIp(['::/0'], client), client).toBe(false);
      expect(isAllowedIp(['::ffff:0:0/96'], client), client).toBe(false);
    }
    expect(isAllowedIp(['::/0'], '2001:db8::9')).toBe(true);
    // A narrower mapped range is an IPv4 range: ::ffff:127.0.0.0/104 is 127.0.0.0/8.
    expect(isAllowedIp(['::ffff:127.0.0.0/104'], '127.1.2.3')).toBe(true);
    expect(isAllowedIp(['::ffff:127.0.0.0/104'], '128.1.2.3')).toBe(false);
  });
});
