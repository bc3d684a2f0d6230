import type { AdapterType, BetType, IngestItem } from '@sapi/contract';
import { dateInZone } from '../../lib/time.ts';
import { demoAdapters, demoAgentTree, walletAdapter } from './catalogue.ts';
import type { Rng } from './random.ts';

const DAY_MS = 86_400_000;
/** Stakes in satang: 10 to 1,000 baht. */
const STAKES = [1000, 2000, 5000, 10_000, 20_000, 50_000, 100_000] as const;
/**
 * Rounds a provider voids or cancels (the stake goes back): rare, as on a real platform, so a report's
 * payout ÷ turnover (refunded stakes included) stays close to the games' return.
 */
const VOID_RATE = 0.001;
const CANCEL_RATE = 0.002;

/** A multiple of the stake a winning round pays: a tier by weight, then uniformly within it. */
interface WinTier {
  weight: number;
  min: number;
  max: number;
}

/**
 * How a kind of game pays. `rtp` is its return to player: what the rounds that settled pay back of
 * their stakes. A round wins with the probability that makes the average payout `rtp` of the stake.
 * The first tier is the game's everyday win.
 */
interface GameModel {
  rtp: number;
  wins: readonly [WinTier, ...WinTier[]];
}

/**
 * Returns near the published ones of each kind of game, each inside 94–97 % so that every brand's month
 * lies there: slots ~96 %, live tables a little more (baccarat pays ~98.9 %, dragon tiger and the game
 * shows less), sports books ~95 % (their margin is in the odds), fishing a little less. Lotto really
 * pays back far less; it is held to the band too.
 */
const models: Record<AdapterType, GameModel> = {
  SLOT: {
    rtp: 0.96,
    wins: [
      { weight: 80, min: 0.2, max: 2 },
      { weight: 17, min: 2, max: 10 },
      { weight: 3, min: 10, max: 100 },
    ],
  },
  // Even-money bets (banker's commission included), ties returning the stake, now and then a
  // multiplier round of a game show.
  LIVE: {
    rtp: 0.963,
    wins: [
      { weight: 85, min: 1.95, max: 2 },
      { weight: 10, min: 1, max: 1 },
      { weight: 1, min: 5, max: 50 },
    ],
  },
  TABLE: {
    rtp: 0.963,
    wins: [
      { weight: 90, min: 1.95, max: 2 },
      { weight: 10, min: 1, max: 1 },
    ],
  },
  // Singles at decimal odds, now and then a parlay.
  SPORT: {
    rtp: 0.952,
    wins: [
      { weight: 96, min: 1.5, max: 2.6 },
      { weight: 4, min: 4, max: 20 },
    ],
  },
  FISHING: {
    rtp: 0.955,
    wins: [
      { weight: 88, min: 1, max: 2.5 },
      { weight: 11, min: 3, max: 15 },
      { weight: 1, min: 20, max: 100 },
    ],
  },
  // A running digit pays about 3×, two digits about 90×.
  LOTTO: {
    rtp: 0.952,
    wins: [
      { weight: 90, min: 3, max: 3.2 },
      { weight: 10, min: 88, max: 92 },
    ],
  },
  OTHER: { rtp: 0.955, wins: [{ weight: 1, min: 1, max: 3 }] },
};

const meanWin = (m: GameModel) =>
  m.wins.reduce((sum, t) => sum + (t.weight * (t.min + t.max)) / 2, 0) /
  m.wins.reduce((sum, t) => sum + t.weight, 0);
const hitRate = Object.fromEntries(
  Object.entries(models).map(([type, m]) => [type, m.rtp / meanWin(m)]),
) as Record<AdapterType, number>;

const multipleIn = (r: Rng, t: WinTier) => t.min + r.next() * (t.max - t.min);
const drawWin = (r: Rng, wins: GameModel['wins']) => {
  let pick = r.next() * wins.reduce((sum, t) => sum + t.weight, 0);
  for (const tier of wins) {
    pick -= tier.weight;
    if (pick < 0) return multipleIn(r, tier);
  }
  return multipleIn(r, wins[0]);
};

/**
 * How far a brand's month may run from its return, as a share of its stakes: `FINAL` once every round
 * is dealt, up to `FINAL + EARLY` while few are.
 */
const BAND_FINAL = 0.003;
const BAND_EARLY = 0.06;

/**
 * What one game brand staked and paid in one month so far. A real brand's month holds millions of
 * rounds, so its return sits at its games' RTP; the demo's few thousand would scatter it by several
 * percent either way. So each round is drawn from the game's odds, then steered: a win the month has
 * no room for loses instead, and a loss while the month has paid too little becomes an everyday win.
 * The band is wide while few rounds are dealt and narrows as the data set fills, so big wins still
 * happen, and every month ends within about BAND_FINAL of its return. Rounds are dealt in random order
 * over the period, so single days keep their luck: on some of them players win.
 */
class MonthLedger {
  staked = 0;
  paid = 0;

  constructor(private readonly model: GameModel) {}

  /** The payout (satang) of a round of this stake that settles, `draw` being what the odds dealt. */
  settle(r: Rng, stake: number, draw: number, progress: number): number {
    this.staked += stake;
    const band = (BAND_FINAL + BAND_EARLY * (1 - progress) ** 2) * this.staked;
    const excess = this.paid + draw - this.model.rtp * this.staked;
    let payout = draw;
    if (draw > 0 && excess > band) payout = 0;
    else if (draw === 0 && excess < -band) payout = Math.round(stake * multipleIn(r, this.model.wins[0]));
    this.paid += payout;
    return payout;
  }
}

export interface Player {
  /** The agent's username (a retail agent of the demo tree). */
  agent: string;
  name: string;
  joined: number;
  /** Satang. */
  betLimit: bigint;
}

export interface RoundOptions {
  transactions: number;
  /** Bets fall in the `days` days before this instant. */
  until: Date;
  days: number;
  /** The zone whose calendar months the reports sum (REPORT_TIMEZONE). */
  timeZone: string;
}

/** The demo's players: under the lower levels of the tree; most join early, some keep arriving. */
export const demoPlayers = (r: Rng, opts: RoundOptions): Player[] => {
  const retail = demoAgentTree().filter((a) => a.type === 'AGENT' || a.type === 'SUBAGENT');
  const from = opts.until.getTime() - opts.days * DAY_MS;
  const count = Math.max(200, Math.min(50_000, Math.round(opts.transactions / 40)));
  const players = Array.from({ length: count }, (_, i) => ({
    agent: r.pick(retail).username,
    name: `player${String(i + 1).padStart(5, '0')}`,
    joined: from + Math.floor(r.next() ** 2 * opts.days * 0.9 * DAY_MS),
    betLimit: BigInt(r.pick([5000, 10_000, 50_000, 100_000])) * 100n,
  }));
  // Stored in registration order, so ids follow registration time (lists sort by id).
  return players.sort((a, b) => a.joined - b.joined);
};

/** A bet row and the player who placed it. */
export interface DemoBet {
  player: Player;
  item: IngestItem;
}

/**
 * `opts.transactions` bet rows of these players, in random order over the period: rounds (a HOLD and
 * its SETTLE, CANCEL or VOID), deposits and withdrawals, now and then a promotion.
 */
export function* demoBets(r: Rng, players: Player[], opts: RoundOptions): Generator<DemoBet> {
  const until = opts.until.getTime();
  const ledgers = new Map<string, MonthLedger>();
  // Months of quarter hours: every zone's offset is a whole number of them, and formatting a date
  // in a zone is the slowest step of a round.
  const months = new Map<number, string>();
  const monthOf = (at: number) => {
    const quarter = Math.floor(at / 900_000);
    let month = months.get(quarter);
    if (month === undefined) {
      month = dateInZone(new Date(quarter * 900_000), opts.timeZone).slice(0, 7);
      months.set(quarter, month);
    }
    return month;
  };
  const ledgerOf = (brand: string, type: AdapterType, at: number) => {
    const key = `${brand}|${monthOf(at)}`;
    let ledger = ledgers.get(key);
    if (!ledger) {
      ledger = new MonthLedger(models[type]);
      ledgers.set(key, ledger);
    }
    return ledger;
  };
  let generated = 0;
  let round = 0;
  const bet = (player: Player, item: Omit<IngestItem, 'username'>): DemoBet => {
    generated++;
    return { player, item: { ...item, username: player.name } };
  };

  while (generated < opts.transactions) {
    // A few players play most of the rounds.
    const p = players[Math.floor(r.next() ** 3 * players.length)] as Player;
    const at = p.joined + Math.floor(r.next() * (until - p.joined));
    const adapter = r.pick(demoAdapters);
    const game = r.pick(adapter.games);
    const betId = `${adapter.codename}-${(++round).toString(36).toUpperCase()}`;
    const common = { betId, gameBrand: adapter.codename, gameCode: game };
    if (r.chance(0.06)) {
      const cash = r.pick(STAKES) * r.int(1, 20);
      const deposit = r.chance(0.7);
      yield bet(p, {
        betId: `CASH-${round.toString(36).toUpperCase()}`,
        gameBrand: walletAdapter.codename,
        gameCode: deposit ? 'deposit' : 'withdraw',
        betType: deposit ? 'DEPOSIT' : 'WITHDRAW',
        betTypeFromGame: deposit ? 'deposit' : 'withdraw',
        amount: (deposit ? cash : -cash) / 100,
        startDate: new Date(at).toISOString(),
      });
      continue;
    }
    if (r.chance(0.01)) {
      yield bet(p, {
        ...common,
        betType: 'PROMOTION',
        betTypeFromGame: 'bonus',
        amount: r.pick(STAKES) / 100,
        startDate: new Date(at).toISOString(),
      });
      continue;
    }
    const stake = r.pick(STAKES);
    yield bet(p, {
      ...common,
      betType: 'HOLD',
      betTypeFromGame: 'bet',
      amount: -stake / 100,
      startDate: new Date(at).toISOString(),
    });
    if (generated >= opts.transactions) break;
    const roll = r.next();
    let outcome: { type: BetType; amount: number };
    if (roll < VOID_RATE) outcome = { type: 'VOID', amount: stake };
    else if (roll < VOID_RATE + CANCEL_RATE) outcome = { type: 'CANCEL', amount: stake };
    else {
      const draw = r.chance(hitRate[adapter.type])
        ? Math.round(stake * drawWin(r, models[adapter.type].wins))
        : 0;
      const ledger = ledgerOf(adapter.codename, adapter.type, at);
      outcome = { type: 'SETTLE', amount: ledger.settle(r, stake, draw, generated / opts.transactions) };
    }
    const end = new Date(Math.min(at + r.int(2, 180) * 1000, until)).toISOString();
    yield bet(p, {
      ...common,
      betType: outcome.type,
      betTypeFromGame:
        outcome.type === 'SETTLE' ? (outcome.amount > 0 ? 'win' : 'lose') : outcome.type.toLowerCase(),
      amount: outcome.amount / 100,
      startDate: end,
      endDate: end,
    });
  }
}
