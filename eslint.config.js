import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/dist-ssr/**', '**/node_modules/**', 'data/**', '**/*.tsbuildinfo'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_' },
      ],
      '@typescript-eslint/consistent-type-imports': 'error',
      'no-console': ['error', { allow: ['warn', 'error'] }],
    },
  },
  {
    // Service workers the web app serves as they are.
    files: ['web/public/**/*-sw.js'],
    languageOptions: { globals: { ...globals.serviceworker } },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    // The web player's pages load no zod: at run time they use only the contracts without schemas.
    files: ['web/src/features/player/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex:
                '^@cadenza/contracts/(?!(ads|billing-permissions|device-events|embed-code|http-constants|lyrics|music-constants|page-calls|permission-checks|pictures|profile-slug)$)',
              allowTypeImports: true,
              message:
                'This contract loads zod with its schemas: import types only, or move the value to a contract without schemas.',
            },
          ],
        },
      ],
    },
  },
  {
    // One purpose to a file (docs/ARCHITECTURE.md, "Long files"): past 450 lines, split it along its seams.
    files: ['{server,web,contracts,bench}/src/**/*.{ts,tsx}'],
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**', 'server/src/test/**'],
    rules: { 'max-lines': ['error', { max: 450 }] },
  },
  {
    files: ['scripts/**', 'bench/**', 'server/src/main.ts', 'server/src/cli/**'],
    rules: { 'no-console': 'off' },
  },
);
