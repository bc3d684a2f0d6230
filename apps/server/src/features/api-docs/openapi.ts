import {
  adminTypes,
  api,
  envelopeSchema,
  httpStatusOf,
  ingestConflictDataSchema,
  type OpenApiDocument,
  type RouteDef,
  type RouteName,
  reportExports,
  Status,
  statusMessages,
  validationDataSchema,
} from '@sapi/contract';
import { z } from 'zod';
import { type SigningExamples, signingGuide, workedExample } from './signing.ts';

/**
 * The OpenAPI 3.1 document of the contract (docs/design.md §14): every route of `api` and `reportExports`
 * with its method, path, roles, input and answer schemas (zod 4's own JSON Schema output, which is
 * the 2020-12 dialect OpenAPI 3.1 uses), the envelope around them and the status codes it can answer.
 * Built once at build time (apps/server/build.mjs → dist/openapi.json) or at start in development.
 */

type Json = Record<string, unknown>;

/** Every route of the catalogue by its name: the report exports are named `<report>Export`. */
export const catalogue = (): [string, RouteDef][] => [
  ...Object.entries(api),
  ...Object.entries(reportExports).map(([name, def]): [string, RouteDef] => [`${name}Export`, def]),
];

/** zod → JSON Schema 2020-12: inputs as a client sends them, answers as the server writes them. */
const schemaOf = (schema: z.ZodType, io: 'input' | 'output'): Json => {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, {
    target: 'draft-2020-12',
    io,
    unrepresentable: 'throw',
  }) as Json;
  return rest;
};

/** `/agent/get/:id` → `/agent/get/{id}` */
const openApiPath = (path: string) => path.replace(/:([a-zA-Z]+)/g, '{$1}');

const rolesOf = (def: RouteDef): string[] =>
  def.access === 'public' ? ['public'] : def.access === 'agent-signed' ? ['agent-signed'] : [...def.access];

const tagOf = (path: string): string => {
  const rules: [RegExp, string][] = [
    [/^\/ingest\//, 'Ingest'],
    [/^\/(health|openapi\.json)$/, 'System'],
    [/^\/admin\/authorization\//, 'Sign-in'],
    [/^\/account\//, 'Account'],
    [/^\/admin\/(sessions|security)\/|^\/security\//, 'Security'],
    [/^\/admin\/admin\//, 'Admins'],
    [/^\/adapter\//, 'Game providers'],
    [/^\/agent-sharing\//, 'Agent sharing'],
    [/^\/agent-operator\//, 'Agent operators'],
    [/^\/agent\//, 'Agents'],
    [/^\/user\//, 'Players'],
    [/^\/transaction\//, 'Transactions'],
    [/^\/(report|summary|agent-report|dashboard)\//, 'Reports'],
    [/^\/audit\//, 'Audit'],
    [/^\/(settlement|approval)\//, 'Settlement'],
  ];
  return rules.find(([re]) => re.test(path))?.[1] ?? 'Other';
};

const tags = [
  {
    name: 'Ingest',
    description:
      'How bets enter: signed by their agent (HMAC-SHA256), no staff session. See **Signing ingest requests** above.',
  },
  { name: 'Sign-in', description: 'Staff sign-in (two steps with a second factor), re-check and sign-out.' },
  { name: 'Account', description: 'The signed-in account: password, second factor, own sessions.' },
  { name: 'Admins', description: 'Staff accounts.' },
  { name: 'Security', description: 'Sessions of every account, two-factor policy, address refusals.' },
  { name: 'Game providers', description: 'Game providers (adapters) and their codenames.' },
  { name: 'Agents', description: 'Agents (B2B resellers), their API keys and secrets.' },
  { name: 'Agent sharing', description: 'Revenue sharing between agents.' },
  { name: 'Agent operators', description: 'Accounts of agents’ operators.' },
  { name: 'Players', description: 'Players under agents.' },
  { name: 'Transactions', description: 'Bet records of one agent.' },
  { name: 'Reports', description: 'Money reports, read from rollups; each has a CSV twin (`…/export`).' },
  {
    name: 'Settlement',
    description:
      'Periods, statements (a parent’s share of its child’s downline, day by day), close with a second manager’s approval, payments between agents.',
  },
  { name: 'Audit', description: 'The append-only, hash-chained audit log of staff writes.' },
  { name: 'System', description: 'Health check and this document.' },
];

/** Names that read badly when spelled out from the route's name. */
const summaries: Partial<Record<RouteName, string>> = {
  health: 'Health check',
  openApi: 'This OpenAPI document',
  ingest: 'Send a signed batch of bets',
  login: 'Sign in',
  loginTotp: 'Sign in: the second factor',
  logout: 'Sign out',
  verify: 'Re-check the password (before sensitive changes)',
  self: 'The signed-in account',
  selfCheck: 'The signed-in account’s username',
};

/** "agentRotateSecret" → "Agent rotate secret" */
const summaryOf = (name: string) => {
  const own = summaries[name as RouteName];
  if (own) return own;
  const words = name.replace(/([A-Z])/g, ' $1').toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

const isWrite = (def: RouteDef) =>
  def.method === 'PUT' ||
  def.method === 'DELETE' ||
  /\/(create|register|update|delete|revert|rotate-secret|reset-password|totp-reset|end-account)\b/.test(
    def.path,
  );

/** Refusals a route's own rules can give beyond what its access and shape imply. */
const ownRefusals: Partial<Record<RouteName, number[]>> = {
  login: [
    Status.BAD_CREDENTIALS,
    Status.LOCKED,
    Status.SECOND_FACTOR_REQUIRED,
    Status.ADDRESS_NOT_ALLOWED,
    Status.TEMPORARY_PASSWORD_EXPIRED,
    Status.TOO_MANY,
  ],
  loginTotp: [Status.BAD_CREDENTIALS, Status.LOCKED, Status.ADDRESS_NOT_ALLOWED, Status.TOO_MANY],
  verify: [Status.BAD_CREDENTIALS, Status.TOO_MANY],
  passwordChange: [Status.BAD_CREDENTIALS, Status.TOO_MANY],
  totpConfirm: [Status.TOO_MANY],
  totpDisable: [Status.TOO_MANY],
  totpRecoveryCodes: [Status.TOO_MANY],
};

/** The server status codes (docs/design.md §4) a route can answer, success first. */
export const statusesOf = (name: string, def: RouteDef): number[] => {
  const codes = new Set<number>([Status.OK, Status.VALIDATION]);
  const hasParams = Object.keys(schemaOf(def.params, 'input').properties ?? {}).length > 0;
  if (def.access === 'agent-signed') {
    for (const c of [Status.UNAUTHENTICATED, Status.LOCKED, Status.ADDRESS_NOT_ALLOWED, Status.CONFLICT]) {
      codes.add(c);
    }
  } else if (def.access !== 'public') {
    codes.add(Status.UNAUTHENTICATED);
    codes.add(Status.ADDRESS_NOT_ALLOWED);
    if (def.access.length < adminTypes.length) codes.add(Status.FORBIDDEN);
    if (!def.duringSetup) {
      codes.add(Status.PASSWORD_CHANGE_REQUIRED);
      codes.add(Status.SECOND_FACTOR_ENROLMENT_REQUIRED);
    }
    if (def.reauth) codes.add(Status.REAUTH_REQUIRED);
  }
  if (hasParams || isWrite(def)) codes.add(Status.NOT_FOUND);
  if (isWrite(def)) codes.add(Status.CONFLICT);
  for (const c of ownRefusals[name as RouteName] ?? []) codes.add(c);
  codes.add(Status.INTERNAL);
  return [...codes];
};

const refusalData = (status: number, ingest: boolean): Json => {
  if (ingest && status === Status.CONFLICT) {
    return {
      anyOf: [schemaOf(ingestConflictDataSchema, 'output'), { $ref: '#/components/schemas/Reasons' }],
    };
  }
  if (status === Status.SECOND_FACTOR_REQUIRED) {
    return {
      type: 'object',
      properties: { challenge: { type: 'string' }, expiresAt: { type: 'string', format: 'date-time' } },
    };
  }
  return { anyOf: [{ type: 'null' }, { $ref: '#/components/schemas/Reasons' }] };
};

/** One schema, or the distinct ones as `anyOf`. */
const oneOf = (schemas: Json[]): Json => {
  const distinct = [...new Map(schemas.map((s) => [JSON.stringify(s), s])).values()];
  return distinct.length === 1 ? (distinct[0] ?? {}) : { anyOf: distinct };
};

const refusalExample = (status: number, ingest: boolean): Json => {
  const error = statusMessages[status]?.en ?? '';
  if (status === Status.VALIDATION) {
    return {
      status,
      error,
      data: {
        issues: [
          ingest
            ? {
                path: 'transactions.0.amount',
                code: 'amount_not_positive',
                params: { betType: 'HOLD' },
                message: 'HOLD amounts must be ≤ 0',
              }
            : { path: 'limit', code: 'too_big', params: { maximum: 100 }, message: 'Too big' },
        ],
      },
    };
  }
  if (ingest && status === Status.CONFLICT) {
    return {
      status,
      error,
      data: {
        conflicts: [{ index: 0, betId: 'B-1001', betType: 'HOLD' }],
        issues: [{ path: '', code: 'bet_resent_differs', params: {}, message: 'A re-sent bet differs' }],
      },
    };
  }
  return { status, error, data: null };
};

/** One OpenAPI response per HTTP status, naming each server status that comes with it. */
const responsesOf = (name: string, def: RouteDef): Json => {
  const ingest = def.access === 'agent-signed';
  const legacy = def.legacyStatus === true;
  const byHttp = new Map<number, number[]>();
  for (const code of statusesOf(name, def)) {
    const http = httpStatusOf[code] ?? 500;
    byHttp.set(http, [...(byHttp.get(http) ?? []), code]);
  }
  const responses: Json = {};
  for (const [http, codes] of byHttp) {
    const lines = codes.map((c) => `- \`${c}\` ${statusMessages[c]?.en ?? ''}`).join('\n');
    if (http === 200) {
      const data = schemaOf(def.data, 'output');
      const envelope: Json = {
        type: 'object',
        required: ['status', 'error', 'data'],
        properties: {
          status: { const: Status.OK },
          error: { type: 'null' },
          data,
          ...(legacy ? { statusCode: { const: Status.OK }, statusMessage: { type: 'string' } } : {}),
        },
      };
      const example = successExamples[name as RouteName];
      responses['200'] =
        def.format === 'csv'
          ? {
              description: 'A CSV file (UTF-8 with BOM), streamed; its header row in the Accept-Language.',
              content: { 'text/csv': { schema: { type: 'string' } } },
            }
          : def.format === 'document'
            ? { description: 'This document.', content: { 'application/json': { schema: data } } }
            : {
                description: `Success (status \`${Status.OK}\`): the envelope with the route's \`data\`.`,
                content: {
                  'application/json': {
                    schema: envelope,
                    ...(example === undefined
                      ? {}
                      : { example: { status: Status.OK, error: null, data: example } }),
                  },
                },
              };
      continue;
    }
    responses[String(http)] = {
      description: `Refused; \`status\` in the body says why:\n\n${lines}`,
      ...(http === 429
        ? { headers: { 'Retry-After': { description: 'Seconds to wait', schema: { type: 'integer' } } } }
        : {}),
      content: {
        'application/json': {
          schema: {
            type: 'object',
            required: ['status', 'error', 'data'],
            properties: {
              status: { enum: codes },
              error: { type: 'string', description: 'English, for logs; clients translate `status`.' },
              data: oneOf(codes.map((c) => refusalData(c, ingest))),
              ...(legacy ? { statusCode: { enum: codes }, statusMessage: { type: 'string' } } : {}),
            },
          },
          examples: Object.fromEntries(
            codes.map((c) => [
              String(c),
              { summary: statusMessages[c]?.en, value: refusalExample(c, ingest) },
            ]),
          ),
        },
      },
    };
  }
  return responses;
};

/** Request examples (each checked against its route's schema in api-docs.test.ts). */
export const requestExamples: Partial<Record<RouteName, unknown>> = {
  login: { username: 'admin', password: 'correct horse battery' },
  loginTotp: { challenge: 'c_…', code: '123456' },
  verify: { password: 'correct horse battery' },
  adminList: { page: 1, limit: 10 },
  adminCreate: { username: 'ops_one', password: 'long enough pass', type: 'OPERATOR' },
  adapterList: { page: 1, limit: 10 },
  adapterCreate: {
    name: 'Pocket Games',
    codename: 'PG',
    endpoint: 'https://pg.example.com',
    type: 'SLOT',
    logo: 'https://pg.example.com/logo.png',
  },
  agentList: { page: 1, limit: 10, prefix: 'ab' },
  agentPick: { q: 'ab', limit: 20 },
  agentRegister: {
    username: 'agent_one',
    password: 'long enough pass',
    endpoint: 'https://agent.example.com',
    games: ['PG'],
    prefix: 'ab1',
    code: 'AG-1',
    secret: 'a-secret-of-16-chars-or-more',
    agentType: 'AGENT',
  },
  agentSharingList: { page: 1, limit: 10 },
  userList: { page: 1, limit: 10, username: 'alice' },
  userCreate: { agent: '1', username: 'alice', betLimit: 100.25, locked: false },
  agentOperatorList: { page: 1, limit: 10 },
  transactionList: { page: 1, limit: 10, startDate: '2026-01-01', endDate: '2026-01-31' },
  registerCount: { date: '2026-01-01' },
  ingest: JSON.parse(workedExample.body) as unknown,
  summaryAgentDaily: { day: '1', month: '1', year: '2026' },
  summaryAgentMonthly: { month: '1', year: '2026' },
  summaryGameDaily: { day: '', month: '1', year: '2026' },
  summaryGameMonthly: { month: '', year: '2026' },
  summaryGameDailyByGame: { from: '2026-01-01', to: '2026-01-31' },
  summaryGameMonthlyByGame: { from: '2026-01-01', to: '2026-12-31' },
  summaryBetHistory: { betId: 'B-1001' },
  revenueShare: { month: '1', year: '2026' },
  agentReportMonthlyBatch: { date: '2026-01-01', agentIds: ['1', '2'] },
  dashboard: { month: '1', year: '2026' },
  auditList: { page: 1, limit: 10 },
  passwordChange: { currentPassword: 'the old one', newPassword: 'a long new passphrase' },
  adminAllowedIpsUpdate: { allowedIps: ['203.0.113.0/24'] },
  agentAllowedIpsUpdate: { allowedIps: ['198.51.100.7', '2001:db8::/32'] },
  agentSignInSettingsUpdate: {
    operatorTotpTypes: ['SUPERMANAGER', 'MANAGER'],
    signInIps: ['203.0.113.0/24'],
  },
};

/** Success `data` examples (each checked against its route's data schema in api-docs.test.ts). */
export const successExamples: Partial<Record<RouteName, unknown>> = {
  health: { ok: true },
  login: { token: 'a 43-character opaque token' },
  ingest: { accepted: 1, duplicates: 0 },
};

const accessText = (def: RouteDef): string => {
  if (def.access === 'public') return '**Who may call:** anyone; no session.';
  if (def.access === 'agent-signed') {
    return '**Who may call:** a game integration, signed with its agent’s key (`X-Api-Key`, `X-Timestamp`, `X-Signature`; see **Signing ingest requests**). A staff session is no signature.';
  }
  return `**Who may call:** ${def.access.join(', ')} — a staff session (\`Authorization: Bearer <token>\`).`;
};

const operationOf = (name: string, def: RouteDef): Json => {
  const body = schemaOf(def.body, 'input');
  const params = schemaOf(def.params, 'input');
  const required = (schema: Json) =>
    new Set(Array.isArray(schema.required) ? (schema.required as string[]) : []);
  const fields = (schema: Json) => Object.entries((schema.properties ?? {}) as Record<string, Json>);
  const parameters = [
    ...fields(params).map(([field, schema]) => ({ name: field, in: 'path', required: true, schema })),
    // A GET route's input is its query string, and so is an upload's (apps/server/src/http/route.ts).
    ...(def.method === 'GET' || def.upload
      ? fields(body).map(([field, schema]) => ({
          name: field,
          in: 'query',
          required: required(body).has(field),
          schema,
        }))
      : []),
  ];
  const example = requestExamples[name as RouteName];
  const hasBody = def.method !== 'GET' && !def.upload && fields(body).length > 0;
  const notes = [
    accessText(def),
    def.reauth
      ? '**Sensitive:** the session must have passed `POST /admin/authorization/verify` within the last 5 minutes, else 403 (3005).'
      : '',
    def.access !== 'public' && def.access !== 'agent-signed' && def.duringSetup
      ? '**During setup:** callable while the account must still change its password or enrol a second factor.'
      : '',
    def.format === 'csv' && !def.upload
      ? '**CSV:** the same filters as the list; every matching row (up to 1,000,000), streamed.'
      : '',
    def.upload
      ? '**Upload:** the body is a CSV file (`Content-Type: text/csv`, UTF-8): a header naming betId, betType, amount and startDate, then one bet a line; at most 200,000 bets and 16 MiB.'
      : '',
    def.access === 'agent-signed' ? signingSummary : '',
  ].filter(Boolean);
  return {
    operationId: name,
    summary: summaryOf(name),
    description: notes.join('\n\n'),
    tags: [tagOf(def.path)],
    'x-roles': rolesOf(def),
    security:
      def.access === 'public'
        ? []
        : def.access === 'agent-signed'
          ? [{ agentApiKey: [], agentTimestamp: [], agentSignature: [] }]
          : [{ staffSession: [] }],
    ...(parameters.length > 0 ? { parameters } : {}),
    ...(def.upload
      ? {
          requestBody: {
            required: true,
            content: { 'text/csv': { schema: { type: 'string' } } },
          },
        }
      : {}),
    ...(hasBody
      ? {
          requestBody: {
            required: true,
            content: {
              'application/json': { schema: body, ...(example === undefined ? {} : { example }) },
            },
          },
        }
      : {}),
    responses: responsesOf(name, def),
  };
};

const signingSummary = [
  `Worked example: secret \`${workedExample.secret}\`, \`X-Timestamp: ${workedExample.timestamp}\` and the`,
  'example body (the same bets as below, on one line, exactly as printed in **Signing ingest requests**)',
  `give \`X-Signature: ${workedExample.signature}\`. Sign the bytes you send: a body re-formatted after`,
  'signing is refused.',
].join(' ');

const introduction = [
  'The API of the S.API back-office, generated from its contract (`packages/contract`): what you read here',
  'is what the server checks.',
  '',
  '**Envelope.** Every answer is JSON `{ "status", "error", "data" }`: `status` 1000 is success (`error`',
  'is then `null`); any other status is a refusal with an English `error` for logs. The HTTP status',
  'is set to match (1000 → 200, 2001 → 400, 2004 → 404, 2009 → 409, 3001/3002/3006 → 401,',
  '3003/3004/3005/3007/3008/3009/3010 → 403, 3029 → 429, 9000 → 500, 9003 → 503). Refusals that have specifics carry',
  '`data.issues: [{ path, code, params, message }]`; clients word them from `code` and `params`.',
  'Exports (`…/export`) answer a CSV file instead. Ids are decimal strings; amounts are in major units',
  '(baht) with at most 2 decimals; timestamps are ISO-8601 UTC.',
  '',
  '**Staff.** `POST /admin/authorization/login` answers a bearer token: send it as',
  '`Authorization: Bearer <token>` (30 min idle, 12 h absolute; no cookie session). Each operation',
  'names its roles (also as `x-roles`).',
  '',
  '**Game integrations** send bets to `POST /ingest/transactions`, signed per agent, as below.',
].join('\n');

/** The document. `examples` are the files of docs/examples/ (read by the caller: this module reads nothing). */
export const buildOpenApiDocument = (examples: SigningExamples): OpenApiDocument => {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const [name, def] of catalogue()) {
    const path = openApiPath(def.path);
    paths[path] = { ...paths[path], [def.method.toLowerCase()]: operationOf(name, def) };
  }
  return {
    openapi: '3.1.1',
    info: {
      title: 'S.API back-office API',
      version: 'v1',
      description: `${introduction}\n\n${signingGuide(examples)}`,
    },
    servers: [{ url: '/api/v1', description: 'This server' }],
    tags,
    paths,
    components: {
      securitySchemes: {
        staffSession: {
          type: 'http',
          scheme: 'bearer',
          description:
            'The opaque token of `POST /admin/authorization/login` (`data.token`), as `Authorization: Bearer <token>`. Revoked by sign-out; expires after 30 min idle or 12 h.',
        },
        agentApiKey: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Api-Key',
          description: 'The agent’s API key (ingest only).',
        },
        agentTimestamp: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Timestamp',
          description: 'Unix epoch milliseconds, within ±300 s of the server’s clock (ingest only).',
        },
        agentSignature: {
          type: 'apiKey',
          in: 'header',
          name: 'X-Signature',
          description:
            'hex(HMAC-SHA256(agent secret, X-Timestamp + "." + raw body)) (ingest only; see **Signing ingest requests**).',
        },
      },
      schemas: {
        Reasons: schemaOf(validationDataSchema, 'output'),
        Envelope: schemaOf(envelopeSchema(z.unknown()), 'output'),
      },
    },
  };
};
