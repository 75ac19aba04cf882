// Lint rules, and the import boundaries that keep dependencies flowing one way:
// domain <- api (and later site, admin); SQL only in repositories (api/src/repositories,
// api/src/payments/repositories) and migrations.
import tseslint from 'typescript-eslint';

// `more`: further { group, message } entries, for files under two boundaries with a message each.
const restrict = (files, patterns, message, ...more) => ({
  files,
  rules: { 'no-restricted-imports': ['error', { patterns: [{ group: patterns, message }, ...more] }] },
});

const SQL = ['kysely', 'kysely/*', 'pg', '@electric-sql/*'];
const USE_CASE = [
  [...SQL, '**/plugins/**', '**/routes/**'],
  'Services call repositories; they write no SQL themselves, and know nothing of HTTP (plugins and routes call them).',
];

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', 'data/**', '**/.astro/**', 'test-results/**', 'playwright-report/**'] },
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' }],
      '@typescript-eslint/no-explicit-any': 'off',
    },
  },
  // First, so the folder rules below (which replace it for their files) must each list api/src too.
  {
    ...restrict(
      ['**/*.{js,mjs,cjs,ts,tsx,mts,cts}'],
      ['**/api/src/**', '@courtside/api/src/**'],
      'Outside api/, use what the api package exports (api/package.json "exports", e.g. @courtside/api/database). ' +
        'Test support under api/test/support (test app, fuzz runner, model, Stripe stub) may be imported by prove/.',
    ),
    ignores: ['api/**'],
  },
  restrict(
    ['domain/src/**'],
    ['node:*', 'fastify', 'fastify-*', '@fastify/*', 'kysely', 'kysely/*', 'pg', '@electric-sql/*', 'react', 'react-*', '@courtside/*', 'typebox', '**/api/src/**'],
    'domain/ holds pure rules: no framework, database, I/O or other workspace.',
  ),
  restrict(
    ['api/src/routes/**'],
    [...SQL, '**/repositories/*', '**/db/*'],
    'Routes are thin: a schema and one service call. SQL lives in the repositories.',
  ),
  // Use cases: the services, and the payment ones in api/src/payments/*.ts, which the services call.
  restrict(['api/src/services/**'], ...USE_CASE),
  restrict(['api/src/payments/*.ts'], ...USE_CASE, {
    group: ['**/services/**'],
    message: 'Payments sit below the services: services call the payment use cases, never the reverse. ' +
      'What both need (the context, presenters, list queries, throttle limits) lives in api/src/shared/.',
  }),
  restrict(
    ['api/src/mail/**'],
    [...SQL, '**/plugins/**', '**/routes/**', '**/services/**', '**/payments/**'],
    'Mail sits below the use cases: services and payments queue mail, mail never calls them (shared needs live in api/src/shared/).',
  ),
  restrict(
    ['api/src/shared/**'],
    [...SQL, '**/plugins/**', '**/routes/**', '**/services/**', '**/mail/**', '**/payments/*.ts', '**/payments/repositories/**'],
    'api/src/shared/ is what the use cases (services, payments, mail) share: it sits below them all and imports none of them (the payment providers\' interface excepted).',
  ),
  restrict(
    ['api/src/payments/providers/**'],
    [...SQL, '**/plugins/**', '**/routes/**', '**/services/**', '**/repositories/**', '**/db/**', '../*'],
    'Payment providers wrap an outside payment service: the use cases in api/src/payments call them, never the reverse, and they touch no database.',
  ),
  restrict(
    ['api/src/repositories/**', 'api/src/payments/repositories/**'],
    ['**/plugins/**', '**/routes/**', '**/services/**', '**/shared/**', '**/mail/**', '**/providers/**', '../*.ts'],
    'Repositories are called by use cases (services, api/src/payments/*.ts, mail) and api/src/shared; those, plugins, routes and payment providers sit above them.',
  ),
  restrict(
    ['admin/src/**'],
    ['**/api/*', '**/api/src/*', '**/migrations/*', '**/site/*', '@courtside/api', '@courtside/api/*', '@courtside/migrations', '@courtside/migrations/*', '@courtside/site', '@courtside/site/*', 'kysely', 'kysely/*', 'pg', '@electric-sql/*', 'node:*'],
    'The back office talks to the API over HTTP only; among the workspaces it may import @courtside/domain.',
  ),
  {
    files: ['contracts/src/**'],
    rules: {
      'no-restricted-imports': ['error', {
        patterns: [{ regex: '^(?!(typebox|@courtside/domain|\\./[\\w.-]+)$)', message: 'The contracts are wire shapes only: TypeBox schemas from the domain\'s constants; they import typebox and @courtside/domain, nothing else.' }],
      }],
    },
  },
  restrict(
    ['migrations/src/**'],
    ['@courtside/api', '**/api/src/*', 'fastify', '@fastify/*'],
    'Migrations stand alone: the API depends on them, never the reverse.',
  ),
  // The browser package (session, API client, formats) is shared by the site and the back office.
  // Its own rule name, so the folder rules above keep theirs for the same files.
  {
    files: ['domain/**', 'api/**', 'migrations/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{ group: ['@courtside/browser', '@courtside/browser/*', '**/browser/src/**'], message: 'The browser package runs in browsers; domain, API and migrations never import it.' }],
      }],
    },
  },
  // The contracts' schemas are TypeBox code the browsers never need: the site and the back office take their types only.
  {
    files: ['site/src/**', 'admin/src/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [{ group: ['@courtside/contracts', '@courtside/contracts/*'], allowTypeImports: true, message: 'Import the wire types with `import type`: the schemas would grow the browser bundles.' }],
      }],
    },
  },
  {
    files: ['browser/src/**'],
    rules: {
      '@typescript-eslint/no-restricted-imports': ['error', {
        patterns: [
          { group: ['@courtside/contracts', '@courtside/contracts/*'], allowTypeImports: true, message: 'The browser package takes only types from the contracts.' },
          {
            group: ['@courtside/*', '!@courtside/domain', '!@courtside/contracts', '!@courtside/contracts/*', '**/site/**', '**/admin/**', '**/api/**', '**/migrations/**', 'react', 'react-*', 'preact', 'preact/*'],
            message: 'The browser package is shared by the site and the back office: among our workspaces it imports @courtside/domain only, and no UI framework.',
          },
        ],
      }],
    },
  },
);
