import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import { existsSync, readdirSync } from 'node:fs';

const featuresDir = 'apps/web/src/features';
const webFeatures = existsSync(featuresDir) ? readdirSync(featuresDir) : [];
// The operator console: each area is a feature of its own (features/admin-<area>), and all of them may
// use the console's shared part (features/admin: layout, nav, page, table, dialogs, shared query keys),
// which imports no area. The areas are put together in app/admin-app.tsx.
const consoleShell = 'admin';
const isConsoleArea = (feature) => feature.startsWith(`${consoleShell}-`);

// One word per thing (docs/ARCHITECTURE.md#names): the retired names of a thing that has one name in
// code. Wire names the product specification fixed (the HTTP field `feeType`, the path
// /service/point-history, the table catalogue_sync_runs) are strings or property keys and stay.
const retiredNames = [
  {
    selector: 'Identifier[name=/PaymentKind|paymentKind|PAYMENT_KIND/]',
    message:
      'The receipt a charge asks for is a ReceiptKind (on the wire `feeType`, in the table `fee_type`).',
  },
  {
    selector:
      ":matches(VariableDeclarator > Identifier.id, :function > Identifier.params, TSParameterProperty > Identifier.parameter)[name='feeType']",
    message: 'Name the receipt a charge asks for `receiptKind`; `feeType` is only the wire field.',
  },
  { selector: 'Identifier[name=/[Cc]atalogue|CATALOGUE/]', message: 'Say catalog, not catalogue.' },
  { selector: 'Identifier[name=/[Cc]olour|COLOUR/]', message: 'Say color, not colour.' },
  {
    selector: 'Identifier[name=/PointHistory|pointHistory|POINT_HISTORY/]',
    message: "A member's charges are the charge history (ChargeHistory…); only the path keeps point-history.",
  },
  {
    selector: 'Identifier[name=/^(recordProviderCharge|chargeOf|setCharge)$|ProviderCharge$/]',
    message:
      "What a provider bills for an order is a bill (recordProviderBill, billOf); a charge is a member's top-up.",
  },
];

export default tseslint.config(
  {
    ignores: [
      '**/dist/**',
      '**/node_modules/**',
      'data/**',
      '**/test-results/**',
      '**/playwright-report/**',
      '.tmp/**',
      'apps/server/drizzle/**',
    ],
  },
  ...tseslint.configs.recommended,
  {
    files: ['apps/**/*.{ts,tsx}', 'packages/**/*.ts', 'e2e/**/*.ts'],
    rules: { 'no-restricted-syntax': ['error', ...retiredNames] },
  },
  {
    plugins: { 'import-x': importX },
    settings: {
      // Without these, import-x reads only .js files when it follows imports, and no-cycle sees nothing.
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: [
            'packages/domain/tsconfig.json',
            'apps/server/tsconfig.json',
            'apps/web/tsconfig.json',
            'e2e/tsconfig.json',
          ],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', destructuredArrayIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // Features stay independent: a page composes them, a feature never reaches into another.
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            ...webFeatures.map((feature) => ({
              target: `./apps/web/src/features/${feature}`,
              from: './apps/web/src/features',
              except: [`./${feature}`, ...(isConsoleArea(feature) ? [`./${consoleShell}`] : [])],
              message: isConsoleArea(feature)
                ? `A console area imports only itself and the console's shared part (features/${consoleShell}); compose areas in app/admin-app.tsx.`
                : 'Features must not import each other; compose them in app/ instead.',
            })),
            {
              target: ['./apps/web/src/features', './apps/web/src/components', './apps/web/src/lib'],
              from: './apps/web/src/app',
              message: 'app/ composes features; features and shared code must not import it.',
            },
            {
              target: ['./apps/web/src/components', './apps/web/src/lib'],
              from: './apps/web/src/features',
              message: 'Shared code must not depend on a feature.',
            },
          ],
        },
      ],
    },
  },
  {
    // Toasts go through lib/toast.ts, which gives each its reading time (docs/ARCHITECTURE.md#toasts).
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/lib/toast.ts', 'apps/web/src/testing/**', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: 'sonner',
              importNames: ['toast'],
              message: "Use toast from '@/lib/toast': it sets each toast's duration from its text.",
            },
            // zod stays out of the browser bundle: the web reads the contract's types, and calls
            // through the zod-free endpoints (@smm/domain/endpoints).
            {
              name: '@smm/domain/contract',
              allowTypeImports: true,
              message:
                "Import the contract's types with `import type`; call through '@smm/domain/endpoints'.",
            },
            { name: 'zod', allowTypeImports: true, message: 'zod stays out of the browser bundle.' },
          ],
        },
      ],
    },
  },
  {
    // The domain package is pure: no I/O, usable by both the server and the browser.
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: ['node:*', 'fs', 'path', 'react', 'fastify', 'drizzle-orm*'] },
      ],
    },
  },
  {
    // The endpoints are a few strings at run time: the web imports them, so they name their schemas
    // and never import zod or the schemas themselves (docs/ARCHITECTURE.md#the-contract).
    files: ['packages/domain/src/contract/endpoint.ts', 'packages/domain/src/contract/endpoints/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [{ name: 'zod', allowTypeImports: true, message: 'Endpoints name their schemas.' }],
          patterns: [
            { group: ['node:*', 'fs', 'path', 'react', 'fastify', 'drizzle-orm*'] },
            {
              group: ['../*', '!../endpoint', './index', '../index'],
              allowTypeImports: true,
              message: 'Endpoints name their schemas: import the contract as a type only.',
            },
          ],
        },
      ],
    },
  },
  {
    // Server layering (docs/ARCHITECTURE.md): a route speaks HTTP only; SQL lives in repositories,
    // reached through services.
    files: ['apps/server/src/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                '**/db/*',
                '**/db',
                '**/*.repository',
                'drizzle-orm',
                'drizzle-orm/*',
                'pg',
                '@electric-sql/*',
              ],
              message: 'Routes speak HTTP only: call a service, never the database or a repository.',
            },
          ],
        },
      ],
    },
  },
  {
    // The console reads, the domains act (docs/ARCHITECTURE.md#operator-console-issue-11): admin/ holds
    // the console's routes and read models with their own repositories, and changes state only by
    // calling the owning domain's operation; no domain depends on the console.
    files: ['apps/server/src/**/*.ts'],
    ignores: [
      'apps/server/src/**/*.test.ts',
      'apps/server/src/test/**',
      'apps/server/src/**/*-test-helpers.ts',
    ],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './apps/server/src/admin',
              from: './apps/server/src/!(admin)/**/*.repository.ts',
              message:
                "The console reads through its own repositories (admin/<area>/*.repository.ts); to change state, call the owning domain's operation.",
            },
            {
              target: './apps/server/src/!(admin)/**',
              from: './apps/server/src/admin',
              message: 'A domain never depends on the console: move what both need into the domain.',
            },
          ],
        },
      ],
    },
  },
  {
    // One money writer: only ledger/ changes accounts.point (balanceChange, the one statement every
    // debit and credit is built on), always together with a ledger row. Any other write of `point` on
    // accounts, in Drizzle or raw SQL, is an error.
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/ledger/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        // Listed again: a later block's options for a rule replace an earlier block's.
        ...retiredNames,
        {
          selector:
            "CallExpression[callee.property.name=/^(set|values)$/][callee.object.arguments.0.name='accounts'] > ObjectExpression > Property[key.name='point']",
          message: 'accounts.point changes only through the ledger (ledger/balance-change.ts).',
        },
        {
          selector: 'TemplateElement[value.raw=/\\bpoint\\b\\s*=[^=]/i]',
          message: 'accounts.point changes only through the ledger (ledger/balance-change.ts).',
        },
      ],
    },
  },
);
