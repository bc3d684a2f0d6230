import { INGEST_MAX_ITEMS } from '@sapi/contract';

/**
 * The worked example of the ingest signature (docs/design.md §9), printed in the reference: fixed inputs and
 * the exact signature they give. api-docs.test.ts checks the signature with the server's own signing
 * code, with the Node example, and by sending it to a server whose clock stands at `timestamp`.
 */
export const workedExample = {
  apiKey: 'ak_example',
  secret: 'example-secret-0123456789abcdef',
  timestamp: '1767225600000',
  body: '{"transactions":[{"betId":"B-1001","betType":"HOLD","betTypeFromGame":"bet","gameBrand":"PG","gameCode":"mahjong-ways","username":"alice","amount":-10.5,"startDate":"2026-01-01T00:00:00.000Z"}]}',
  signature: '56d7b8bebf57f58f1edc6fadd688fc03c7c8a5ab26d8e78d812c74734dbefd59',
} as const;

/** The examples in docs/examples/, read at build time (or at start in development) so they cannot drift. */
export interface SigningExamples {
  /** docs/examples/ingest-sign.mjs */
  node: string;
  /** docs/examples/ingest-sign.sh */
  shell: string;
}

const fence = (lang: string, text: string) => `\`\`\`${lang}\n${text.trimEnd()}\n\`\`\``;

/** How to sign an ingest request, in Markdown: the rule, the worked example, curl + openssl, Node. */
export const signingGuide = (examples: SigningExamples): string => {
  const w = workedExample;
  return [
    '## Signing ingest requests',
    '',
    'Bets enter through `POST /api/v1/ingest/transactions`, signed by the agent they belong to. The agent’s',
    '**API key** and **secret** are shown to staff in the console (Agents → the agent); a secret can be',
    'rotated there. Every request carries three headers:',
    '',
    '| header | value |',
    '| --- | --- |',
    '| `X-Api-Key` | the agent’s API key |',
    '| `X-Timestamp` | now, in Unix epoch **milliseconds**; refused when more than 300 s from the server’s clock |',
    '| `X-Signature` | lowercase hex of HMAC-SHA256, keyed with the agent’s secret, over `X-Timestamp + "." + raw body` |',
    '',
    `The body is \`{ "transactions": [ … ] }\` with 1 to ${INGEST_MAX_ITEMS} bets, sent as \`application/json\`.`,
    'The signature covers the body **byte for byte**: serialise it once, sign that string, send that',
    'string. Re-serialising (another key order, spacing or number format) breaks the signature.',
    '',
    'A bad signature, an unknown key or a timestamp out of range → HTTP 401 (status 3001); a locked agent',
    '→ 403 (3003); a client address outside the agent’s allow-list → 403 (3008). A batch is stored whole',
    'or not at all: invalid items → 400 (2001, `data.issues[].path` names `transactions.N.field`); a re-sent',
    'bet with different fields → 409 (2009, `data.conflicts` names each item). Re-sending a batch as it was',
    'is safe: its bets count as `duplicates` and change nothing.',
    '',
    '### Worked example',
    '',
    `Secret \`${w.secret}\`, \`X-Timestamp: ${w.timestamp}\` (2026-01-01T00:00:00Z) and this body`,
    '(one line, no spaces):',
    '',
    fence('json', w.body),
    '',
    'The string to sign is the timestamp, a dot, and the body:',
    '',
    fence('text', `${w.timestamp}.${w.body}`),
    '',
    'and its signature is',
    '',
    fence('text', w.signature),
    '',
    'Reproduce it with openssl:',
    '',
    fence(
      'sh',
      `printf '%s' '${w.timestamp}.${w.body}' \\\n  | openssl dgst -sha256 -hmac '${w.secret}' -hex\n# SHA2-256(stdin)= ${w.signature}`,
    ),
    '',
    '### curl + openssl',
    '',
    'From `docs/examples/ingest-sign.sh` in the repository:',
    '',
    fence('sh', examples.shell),
    '',
    '### Node.js',
    '',
    'From `docs/examples/ingest-sign.mjs` in the repository (Node.js 20 or later, no packages):',
    '',
    fence('js', examples.node),
  ].join('\n');
};
