import { api, type IngestItem } from '@sapi/contract';
import { BENCH_ADMIN, type Client } from './http.ts';
import { postIngest } from './scenarios.ts';

/**
 * The busy hour of the deep-link scenarios: an agent of its own whose BURST_ROWS bets all fall in
 * one hour, as a game launch or a flood of small bets would put them. A deep link deep into it (page
 * 1000, 9,990 rows from the newest) lands in that hour, where only counts finer than the hour keep
 * its skip short. Sized so that the page starts in the middle of a minute (571 bets each, 17.5
 * minutes before the page), the most a seek skips there.
 */
export const BURST_ROWS = 34_260;
/**
 * One pair of bets in RARE_EVERY is in RARE_BRAND, spread evenly over the hour (BURST_RARE_ROWS
 * bets, about 10 a minute): a brand whose rows sit among 60 times as many of the agent's, where a
 * deep link skipping through the hour would pass 60 of the agent's bets for each of the brand's.
 */
const RARE_EVERY = 60;
export const RARE_BRAND = 'SBO';
export const BURST_RARE_ROWS = 2 * Math.floor(BURST_ROWS / 2 / RARE_EVERY);
const BATCH = 1000;
const USERNAME = 'benchminute';

/** The game brand of pair `pair` of the agent's bets. */
const brandOf = (pair: number) =>
  pair % RARE_EVERY === RARE_EVERY - 1 ? RARE_BRAND : (['PG', 'JILI', 'PP', 'SA'][pair % 4] as string);

/** The agent's bets: evenly over the hour from `hourStart`, two at each instant (ties sort by id). */
const burstBodies = (hourStart: number) => {
  const bodies: string[] = [];
  for (let b = 0; b * BATCH < BURST_ROWS; b++) {
    const size = Math.min(BATCH, BURST_ROWS - b * BATCH);
    const items: IngestItem[] = Array.from({ length: size }, (_, i) => {
      const n = b * BATCH + i;
      return {
        betId: `BURST-${n >> 1}`,
        betType: n % 2 === 0 ? 'HOLD' : 'SETTLE',
        betTypeFromGame: n % 2 === 0 ? 'bet' : 'win',
        gameBrand: brandOf(n >> 1),
        gameCode: `game-${n % 37}`,
        username: `burst${n % 200}`,
        amount: n % 2 === 0 ? -((n % 50) + 1) : (n % 90) / 2,
        startDate: new Date(hourStart + Math.floor(((n >> 1) * 2 * 3_600_000) / BURST_ROWS)).toISOString(),
      };
    });
    bodies.push(JSON.stringify({ transactions: items }));
  }
  return bodies;
};

/**
 * The burst agent's id, its hour (from `hourStart`, an ISO instant) stored: registered and sent its
 * bets the first time, through the signed ingest like any agent's. The bets are the same each run,
 * so a set that holds them already is only checked.
 */
export const ensureBurstAgent = async (client: Client, base: string, hourStart: string) => {
  const listed = await client.call(api.agentList, { username: USERNAME, limit: 50 });
  const found = listed.records.find((a) => a.username === USERNAME);
  const id =
    found?._id ??
    (
      await client.call(api.agentRegister, {
        username: USERNAME,
        password: BENCH_ADMIN.password,
        endpoint: 'https://bench.example.com/callback',
        games: [],
        prefix: 'bzmin', // prefix-free against the padding agents' bz000…bz049
        code: 'BENCH-MINUTE',
        agentType: 'AGENT',
      })
    )._id;
  const params = { agentId: id };
  const last = await client.call(api.transactionList, { limit: 1, page: BURST_ROWS }, params);
  if (last.records.length === 1) return id;
  console.log(
    `Storing the burst agent's ${BURST_ROWS.toLocaleString('en-US')} bets in the hour from ${hourStart}…`,
  );
  const agent = await client.call(api.agentGet, {}, { id });
  if (!('apiKeyEncoded' in agent) || !agent.apiKeyEncoded)
    throw new Error('the bench admin sees no agent credentials');
  const [apiKey = '', secret = ''] = Buffer.from(agent.apiKeyEncoded, 'base64').toString().split(':');
  for (const body of burstBodies(Date.parse(hourStart))) await postIngest(base, { apiKey, secret }, body);
  return id;
};
