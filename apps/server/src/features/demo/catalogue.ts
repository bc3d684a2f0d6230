import type { AdapterType, AgentType } from '@sapi/contract';

/**
 * The provider the demo's deposits and withdrawals are booked under: ingest takes only bets of a
 * registered provider's codename (docs/design.md §9). Not among the game providers bets are drawn from.
 */
export const walletAdapter = { name: 'Wallet', codename: 'WALLET', type: 'OTHER', games: [] } as const;

/** The demo's game providers and a few of their games each. */
export const demoAdapters: { name: string; codename: string; type: AdapterType; games: string[] }[] = [
  {
    name: 'PG Soft',
    codename: 'PG',
    type: 'SLOT',
    games: ['mahjong-ways', 'fortune-tiger', 'lucky-neko', 'wild-bandito'],
  },
  {
    name: 'JILI Games',
    codename: 'JILI',
    type: 'SLOT',
    games: ['super-ace', 'golden-empire', 'money-coming'],
  },
  {
    name: 'Pragmatic Play',
    codename: 'PP',
    type: 'SLOT',
    games: ['gates-of-olympus', 'sweet-bonanza', 'starlight'],
  },
  { name: 'SA Gaming', codename: 'SA', type: 'LIVE', games: ['baccarat', 'dragon-tiger', 'roulette'] },
  {
    name: 'Evolution',
    codename: 'EVO',
    type: 'LIVE',
    games: ['lightning-roulette', 'crazy-time', 'speed-baccarat'],
  },
  { name: 'SBO Sports', codename: 'SBO', type: 'SPORT', games: ['football', 'basketball', 'muay-thai'] },
  { name: 'Fish Hunter', codename: 'FISH', type: 'FISHING', games: ['ocean-king', 'dragon-fishing'] },
  { name: 'Thai Lotto', codename: 'LOTTO', type: 'LOTTO', games: ['thai-gov', 'yeekee'] },
];

/** A sharing tree: two SENIORs, two MASTERs under each, two AGENTs under each MASTER, one SUBAGENT under each AGENT. */
export const demoAgentTree = (): {
  username: string;
  prefix: string;
  type: AgentType;
  parent?: string;
  share: number;
}[] => {
  const out: { username: string; prefix: string; type: AgentType; parent?: string; share: number }[] = [];
  for (let s = 1; s <= 2; s++) {
    const senior = `senior${s}`;
    out.push({ username: senior, prefix: `s${s}`, type: 'SENIOR', share: 0 });
    for (let m = 1; m <= 2; m++) {
      const master = `master${s}${m}`;
      out.push({ username: master, prefix: `m${s}${m}`, type: 'MASTER', parent: senior, share: 20 });
      for (let a = 1; a <= 2; a++) {
        const agent = `agent${s}${m}${a}`;
        out.push({ username: agent, prefix: `a${s}${m}${a}`, type: 'AGENT', parent: master, share: 35 });
        out.push({
          username: `sub${s}${m}${a}`,
          prefix: `b${s}${m}${a}`,
          type: 'SUBAGENT',
          parent: agent,
          share: 12.5,
        });
      }
    }
  }
  return out;
};
