import { BlockList, isIP } from 'node:net';
import { IPV4_MAPPED_PREFIX, ipv6Words } from '@sapi/contract';

/** The IPv4 address an IPv4-mapped IPv6 address (::ffff:a.b.c.d, in either spelling) carries. */
const mappedIpv4 = (words: readonly number[] | null): string | undefined => {
  if (!words || words.slice(0, 5).some((w) => w !== 0) || words[5] !== 0xffff) return undefined;
  const [hi = 0, lo = 0] = words.slice(6);
  return `${hi >> 8}.${hi & 255}.${lo >> 8}.${lo & 255}`;
};

/** `::ffff:10.0.0.1` or `::ffff:a00:1` (an IPv4 client on a dual-stack socket) is the IPv4 address it carries. */
export const normalizeIp = (ip: string): string => {
  if (isIP(ip) !== 6) return ip;
  return mappedIpv4(ipv6Words(ip)) ?? ip;
};

/**
 * The client a per-address limit counts: an IPv4 address (an IPv4-mapped IPv6 address, in either
 * spelling, is the IPv4 address it carries), or an IPv6 /64 — one customer's network is commonly a
 * whole /64, so counting single IPv6 addresses would let one client take 2^64 places. Anything else
 * is itself. Used by the connection cap, the sign-in address counter and the ingest refusal limit.
 */
export const addressKey = (address: string): string => {
  if (isIP(address) !== 6) return address;
  const mapped = normalizeIp(address);
  if (mapped !== address) return mapped;
  const words = ipv6Words(address);
  if (!words) return address;
  return `${words
    .slice(0, 4)
    .map((w) => w.toString(16))
    .join(':')}::/64`;
};

const familyOf = (address: string): 'ipv4' | 'ipv6' | undefined => {
  const f = isIP(address);
  return f === 4 ? 'ipv4' : f === 6 ? 'ipv6' : undefined;
};

/**
 * Rules for IPv4 clients and for IPv6 clients, kept apart: Node's BlockList lets an IPv4 address match
 * an IPv6 rule through ::ffff:0:0/96, so one list would let `::/0` admit every IPv4 client.
 */
interface Compiled {
  ipv4: BlockList;
  ipv6: BlockList;
}

const build = (entries: readonly string[]): Compiled => {
  const lists: Compiled = { ipv4: new BlockList(), ipv6: new BlockList() };
  for (const entry of entries) {
    const [raw = '', bits] = entry.split('/');
    if (bits === undefined) {
      const address = normalizeIp(raw);
      const family = familyOf(address);
      // The contract validated every stored entry; anything else simply matches nothing.
      if (family) lists[family].addAddress(address, family);
      continue;
    }
    const prefix = Number(bits);
    const family = familyOf(raw);
    if (family === 'ipv4') {
      lists.ipv4.addSubnet(raw, prefix, 'ipv4');
    } else if (family === 'ipv6') {
      const inner = mappedIpv4(ipv6Words(raw));
      if (inner !== undefined && prefix > IPV4_MAPPED_PREFIX) {
        // Strictly inside ::ffff:0:0/96: an IPv4 range written the IPv6 way (::ffff:10.0.0.0/104 is
        // 10.0.0.0/8).
        lists.ipv4.addSubnet(inner, prefix - IPV4_MAPPED_PREFIX, 'ipv4');
      } else {
        // Any other IPv6 range matches IPv6 clients only, never an IPv4 one: also one holding all of
        // ::ffff:0:0/96 (`::/0`; the contract refuses those now, an older list may keep one).
        lists.ipv6.addSubnet(raw, prefix, 'ipv6');
      }
    }
  }
  return lists;
};

/** Compiled lists by their entries; bounded, as lists change only by an administrator's edit. */
const cache = new Map<string, Compiled>();
const MAX_CACHED = 1000;

/**
 * May a request from `ip` pass this allow-list? An empty list restricts nothing. An IPv4 client
 * (also seen as ::ffff:a.b.c.d) matches IPv4 entries and IPv6 ranges inside ::ffff:0:0/96 only.
 */
export const isAllowedIp = (entries: readonly string[], ip: string): boolean => {
  if (entries.length === 0) return true;
  const address = normalizeIp(ip);
  const family = familyOf(address);
  if (!family) return false;
  const key = entries.join(',');
  let lists = cache.get(key);
  if (!lists) {
    if (cache.size >= MAX_CACHED) cache.clear();
    lists = build(entries);
    cache.set(key, lists);
  }
  return lists[family].check(address, family);
};
