/**
 * The layers of docs/design.md §3, checked by `npm run lint`. Each app's imports
 * point one way:
 *   server: app.ts/main.ts/cli → features/<f>/routes.ts → http/ ; features → ledger → core → db → lib
 *   web:    app/ → features/ → components/ → lib/
 * and no feature imports another, nothing imports tests, nothing forms a cycle.
 * tools/layers/layers.test.ts shows each rule refusing a wrong import in a small fixture tree.
 */
const server = '^apps/server/src/';
const web = '^apps/web/src/';
const testFile = '(^|/)(test|e2e|bench)/|\\.test\\.tsx?$|\\.spec\\.ts$';

/** A rule refusing imports from `from` to any of `to` (paths relative to the repository root). */
const refuse = (name, comment, from, to, extra = {}) => ({
  name,
  comment,
  severity: 'error',
  from: { path: from, pathNot: testFile, ...extra.from },
  to: { path: to, ...extra.to },
});

module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'Modules import each other in one direction only.',
      severity: 'error',
      from: {},
      to: { circular: true },
    },
    refuse(
      'no-imports-of-tests',
      'Product code never imports tests, test fixtures, the bench or the e2e suite.',
      '^(apps|packages)/[^/]+/src/',
      testFile,
    ),

    // Server
    refuse(
      'server-no-feature-to-feature',
      'A feature never imports another: what two need moves to core/, db/ or lib/.',
      `${server}features/([^/]+)/`,
      `${server}features/`,
      { to: { pathNot: `${server}features/$1/` } },
    ),
    refuse(
      'server-http-only-in-routes',
      "Only a feature's routes.ts speaks HTTP; its services know nothing of Fastify or http/.",
      `${server}features/[^/]+/`,
      `${server}http/|^fastify$|node_modules/fastify/`,
      { from: { pathNot: `${server}features/[^/]+/routes\\.ts$|${testFile}` } },
    ),
    refuse(
      'server-http-not-to-features',
      'The HTTP layer is the features’ toolkit; it never reaches into one.',
      `${server}http/`,
      `${server}(features|cli)/|${server}(app|main)\\.ts$`,
    ),
    refuse(
      'server-core-knows-no-http',
      'core/, ledger/, db/ and lib/ hold the domain and data: no HTTP, no features.',
      `${server}(core|ledger|db|lib)/`,
      `${server}(http|features|cli)/|${server}(app|main)\\.ts$|^fastify$|node_modules/fastify/`,
    ),
    refuse('server-core-not-to-ledger', 'core/ sits under the ledger.', `${server}core/`, `${server}ledger/`),
    refuse(
      'server-db-below-core',
      'db/ is the data layer: it imports lib/ and nothing above it. Where it works on the ledger’s tables ' +
        '(db/maintenance.ts vacuums them), the caller hands it the list from ledger/catalogue.ts: the ledger ' +
        'knows db/, never the other way round.',
      `${server}db/`,
      `${server}(core|ledger)/`,
    ),
    refuse(
      'server-ledger-tables-only-in-ledger',
      'The ledger’s tables are read and written in ledger/ only: features ask its readers ' +
        '(ledger/readers/) for sums and pages instead of querying the table definitions.',
      `${server}(?!ledger/)`,
      `${server}ledger/tables\\.ts$`,
    ),
    refuse(
      'server-lib-is-a-leaf',
      'lib/ is plain helpers: it imports nothing of the app.',
      `${server}lib/`,
      `${server}(?!lib/)`,
    ),
    refuse(
      'server-features-not-to-roots',
      'Features are composed by app.ts; they do not import it, main.ts or the CLI.',
      `${server}features/`,
      `${server}(app|main)\\.ts$|${server}cli/`,
    ),

    // Web
    refuse(
      'web-no-feature-to-feature',
      'A screen never imports another: what two need moves to components/ or lib/.',
      `${web}features/([^/]+)/`,
      `${web}features/`,
      { to: { pathNot: `${web}features/$1/` } },
    ),
    refuse(
      'web-features-not-to-app',
      'Screens are composed by app/ (router, layout); they do not import it.',
      `${web}features/`,
      `${web}app/|${web}main\\.tsx$`,
    ),
    refuse(
      'web-components-below-features',
      'Shared components know no screen and no app shell.',
      `${web}components/`,
      `${web}(features|app)/|${web}main\\.tsx$`,
    ),
    refuse(
      'web-lib-is-a-leaf',
      'lib/ (API client, i18n, formats) imports no component, screen or app shell.',
      `${web}lib/`,
      `${web}(components|features|app)/|${web}main\\.tsx$`,
    ),

    // The contract is shared by both apps and depends on neither.
    refuse(
      'contract-depends-on-no-app',
      'packages/contract is imported by the apps, never the other way round.',
      '^packages/contract/',
      '^apps/',
    ),
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)dist/' },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
  },
};
