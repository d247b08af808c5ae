#!/usr/bin/env node
// Checks @perch/widget's declarations as a consumer sees them: widget/test/consumer.tsx is compiled
// (strict, library checks on) against the package as its package.json "types" names it, with
// React's types as the only other package. Exits non-zero when the declarations are missing,
// broken, or too loose to refuse the consumer's wrong uses.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const WIDGET = join(dirname(fileURLToPath(import.meta.url)), '..');
const WEB = join(WIDGET, '..', 'web');
const REACT_TYPES = join(WEB, 'node_modules/@types/react');

const tsconfig = {
  compilerOptions: {
    target: 'ES2022',
    lib: ['ES2022', 'DOM'],
    module: 'ESNext',
    moduleResolution: 'bundler',
    jsx: 'react-jsx',
    strict: true,
    noEmit: true,
    skipLibCheck: false,
    types: [],
    // The package by its directory (so its package.json "types" is what resolves), React's types
    // from web's node_modules as a partner's own would be.
    paths: { '@perch/widget': [WIDGET], react: [REACT_TYPES], 'react/*': [`${REACT_TYPES}/*`] },
  },
  files: [join(WIDGET, 'test/consumer.tsx')],
};

const dir = mkdtempSync(join(tmpdir(), 'perch-widget-types-'));
try {
  writeFileSync(join(dir, 'tsconfig.json'), JSON.stringify(tsconfig, null, 2));
  const tsc = createRequire(join(WEB, 'package.json')).resolve('typescript/bin/tsc');
  try {
    execFileSync(process.execPath, [tsc, '-p', dir], { stdio: 'inherit' });
  } catch {
    console.error('widget types: widget/test/consumer.tsx does not compile against widget/dist (run `make widget`)');
    process.exit(1);
  }
  console.log('widget types: a consumer compiles against widget/dist/perch-widget.d.ts, and its wrong uses are refused');
} finally {
  rmSync(dir, { recursive: true, force: true });
}
