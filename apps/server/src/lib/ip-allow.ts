import { BlockList, isIP } from 'node:net';

/** `::ffff:10.0.0.1` (an IPv4 client on a dual-stack socket) is the IPv4 address it carries. */
export const normalizeIp = (ip: string): string => {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(ip);
  return mapped?.[1] ?? ip;
};

const familyOf = (address: string): 'ipv4' | 'ipv6' | undefined => {
  const f = isIP(address);
  return f === 4 ? 'ipv4' : f === 6 ? 'ipv6' : undefined;
};

const build = (entries: readonly string[]): BlockList => {
  const list = new BlockList();
  for (const entry of entries) {
    const [raw = '', bits] = entry.split('/');
    if (bits === undefined) {
      const address = normalizeIp(raw);
      const family = familyOf(address);
      // The contract validated every stored entry; anything else simply matches nothing.
      if (family) list.addAddress(address, family);
    } else {
      // A range as written: an IPv6 one (IPv4-mapped or wider) also matches the IPv4 clients in it.
      const family = familyOf(raw);
      if (family) list.addSubnet(raw, Number(bits), family);
    }
  }
  return list;
};

/** Compiled lists by their entries; bounded, as lists change only by an administrator's edit. */
const cache = new Map<string, BlockList>();
const MAX_CACHED = 1000;

/** May a request from `ip` pass this allow-list? An empty list restricts nothing. */
export const isAllowedIp = (entries: readonly string[], ip: string): boolean => {
  if (entries.length === 0) return true;
  const address = normalizeIp(ip);
  const family = familyOf(address);
  if (!family) return false;
  const key = entries.join(',');
  let list = cache.get(key);
  if (!list) {
    if (cache.size >= MAX_CACHED) cache.clear();
    list = build(entries);
    cache.set(key, list);
  }
  return list.check(address, family);
};
