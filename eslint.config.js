import js from '@eslint/js';
import globals from 'globals';
import reactHooks from 'eslint-plugin-react-hooks';
import tseslint from 'typescript-eslint';
import prettier from 'eslint-config-prettier';

// Raw SQL is only allowed through Kysely's `sql` tag with bound values (security SQLI-11).
const NO_SQL_RAW = {
  selector: "CallExpression[callee.object.name='sql'][callee.property.name='raw']",
  message: 'sql.raw interpolates text into SQL; use bound values or sql.ref with an allow-listed name.',
};

export default tseslint.config(
  { ignores: ['**/dist/**', '**/node_modules/**', 'data/**', '**/test-results/**', '**/playwright-report/**'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'no-restricted-syntax': ['error', NO_SQL_RAW],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: {
      ...reactHooks.configs.recommended.rules,
    },
  },
  // One server clock: "now" comes from core/clock.ts, which the test clock moves. The
  // options of no-restricted-syntax replace the ones above for these files, so sql.raw is repeated.
  // Migrations are frozen in time and import nothing from the application.
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*.test.ts', 'apps/server/src/core/clock.ts', 'apps/server/src/db/migrations/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        NO_SQL_RAW,
        {
          selector: "MemberExpression[object.name='Date'][property.name='now']",
          message:
            'Date.now() ignores the test clock: use serverNowMs() from core/clock.ts (performance.now() for elapsed time).',
        },
        {
          selector: "NewExpression[callee.name='Date'][arguments.length=0]",
          message: 'new Date() ignores the test clock: use serverNow() from core/clock.ts.',
        },
        {
          selector: "CallExpression[callee.name='Date']",
          message: 'Date() ignores the test clock: use serverNowIso() from core/clock.ts.',
        },
      ],
    },
  },
  // Small modules: no source file over 400 lines once formatted (tests and migrations aside).
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    ignores: ['**/*.test.{ts,tsx}', 'apps/server/test/**', 'e2e/**', 'apps/server/src/db/migrations/**'],
    rules: { 'max-lines': ['error', { max: 400 }] },
  },
  // Formatting is Prettier's (`prettier --check` in `npm run lint`); no stylistic lint rules.
  prettier,
);
