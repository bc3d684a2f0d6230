// Send one signed batch of bets to the S.API ingest API. Node.js 20 or later, no packages needed.
//
//   SAPI_URL=http://127.0.0.1:3000 SAPI_API_KEY=ak_… SAPI_SECRET=… node ingest-sign.mjs [batch.json]
//
// batch.json holds { "transactions": [ … 1 to 1000 bets … ] }; without it one example bet is sent.
import { createHmac } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { argv, env, exit } from 'node:process';
import { pathToFileURL } from 'node:url';

/** X-Signature: hex HMAC-SHA256 of `<X-Timestamp>.<raw body>`, keyed with the agent's secret. */
export const sign = (secret, timestamp, rawBody) =>
  createHmac('sha256', secret).update(`${timestamp}.${rawBody}`).digest('hex');

/** Sign and send: the exact bytes that were signed are the bytes sent. */
export const send = async ({ url, apiKey, secret, batch }) => {
  const body = JSON.stringify(batch);
  const timestamp = String(Date.now()); // Unix milliseconds; the server allows ±300 s of skew
  const res = await fetch(`${url}/api/v1/ingest/transactions`, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'x-api-key': apiKey,
      'x-timestamp': timestamp,
      'x-signature': sign(secret, timestamp, body),
    },
    body,
  });
  return { httpStatus: res.status, answer: await res.json() };
};

if (argv[1] && import.meta.url === pathToFileURL(argv[1]).href) {
  const batch = argv[2]
    ? JSON.parse(readFileSync(argv[2], 'utf8'))
    : {
        transactions: [
          {
            betId: `B-${Date.now()}`,
            betType: 'HOLD',
            betTypeFromGame: 'bet',
            gameBrand: 'PG',
            gameCode: 'mahjong-ways',
            username: 'alice',
            amount: -10.5,
            startDate: new Date().toISOString(),
          },
        ],
      };
  const { httpStatus, answer } = await send({
    url: env.SAPI_URL ?? 'http://127.0.0.1:3000',
    apiKey: env.SAPI_API_KEY ?? '',
    secret: env.SAPI_SECRET ?? '',
    batch,
  });
  console.log(httpStatus, JSON.stringify(answer));
  // { status: 1000, data: { accepted, duplicates } } on success; else see the status codes of the reference.
  exit(answer.status === 1000 ? 0 : 1);
}
