import { isIP } from 'node:net';

/** The longest textual IP address: IPv6 with an IPv4 tail (`ffff:…:ffff:255.255.255.255`). */
export const MAX_ADDRESS_LENGTH = 45;

const isAddress = (value: string | undefined): value is string =>
  value !== undefined && value.length <= MAX_ADDRESS_LENGTH && isIP(value) !== 0;

/** What of a request the address is read from (a FastifyRequest; the log serializer's view too). */
export interface AddressSource {
  ip?: string;
  ips?: string[];
  socket?: { remoteAddress?: string | undefined } | null;
}

/**
 * The client address every session, audit record, throttle key and allow-list check uses. Without
 * TRUST_PROXY it is the socket's. With it, Fastify walks X-Forwarded-For only through the configured
 * hops (`req.ips`: the socket, the trusted hops, then the client); that answer is believed only if
 * every address on that walk is an IP address of at most 45 characters (isIP alone accepts an IPv6
 * zone of any length), else the socket's address is used. A forged or garbled header therefore
 * never yields an 8,000-character "address".
 */
export const clientAddress = (req: AddressSource): string => {
  const socket = req.socket?.remoteAddress;
  const chain = req.ips ?? (req.ip === undefined ? [] : [req.ip]);
  const claimed = chain[chain.length - 1];
  if (claimed !== undefined && chain.every(isAddress)) return claimed;
  // The kernel's own report, an IP address whenever the socket is open.
  return socket ?? 'unknown';
};
