// ESLint for the TypeScript of the page, the browser tests and the scripts: the recommended
// rules of ESLint and typescript-eslint, and React's hooks rules (a missing effect dependency is
// a bug class of its own). Formatting is Prettier's business, not ESLint's.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  {
    ignores: [
      'build/**',
      'dist/**',
      'node_modules/**',
      'web/src/generated/**',
      'test-results/**',
      'playwright-report/**',
      'public/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
      // No HTML sinks in the page (issue 28): text from a link (labels, names, values) must be
      // set as DOM text (textContent, createElement, React children), never parsed as HTML. A
      // sink that is justified carries a one-line disable comment saying why.
      'no-restricted-properties': [
        'error',
        ...['innerHTML', 'outerHTML', 'insertAdjacentHTML', 'createContextualFragment', 'srcdoc'].map((property) => ({
          property,
          message: 'An HTML sink: build the DOM with textContent / createElement / React children instead.',
        })),
        ...['write', 'writeln'].map((property) => ({
          object: 'document',
          property,
          message: 'An HTML sink: build the DOM with textContent / createElement / React children instead.',
        })),
      ],
      'no-restricted-syntax': [
        'error',
        {
          selector: "JSXAttribute[name.name='dangerouslySetInnerHTML']",
          message: 'An HTML sink: render text as React children instead (justify a real need in a disable comment).',
        },
        {
          // d3's selection.html(...) sets innerHTML.
          selector: "CallExpression[callee.property.name='html'][arguments.length>0]",
          message: "d3's .html() is an HTML sink: use .text() instead.",
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,mjs,js}'],
    languageOptions: { globals: { ...globals.browser, ...globals.node, ...globals.worker } },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' },
      ],
    },
  },
);
