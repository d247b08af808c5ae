#!/usr/bin/env node
// @perch/widget's TypeScript declarations: tsc emits the .d.ts of web/src/features/widget (and of
// what it imports) with web/tsconfig.widget-types.json; this script copies the public API's files
// (the entry and the widget files it names) into widget/dist, the entry as perch-widget.d.ts. The
// public types must stand alone: a declaration that reaches an app module ('@/...') or a package
// other than React (the peer dependency) fails the build, since a consumer has neither.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const WIDGET = join(dirname(fileURLToPath(import.meta.url)), '..');
const WEB = join(WIDGET, '..', 'web');
const EMITTED = join(WEB, 'node_modules/.tmp/widget-types/web/src/features/widget');
const PEERS = new Set(['react', 'react/jsx-runtime']);

/** A declaration file with its side-effect imports (styles, i18n set-up) left out: no types there. */
function publicText(text) {
  return text.replace(/^import\s+['"][^'"]+['"];\r?\n/gm, '');
}

/** The widget's own files `text` refers to ('./config'), or an error for anything a consumer lacks. */
function localImports(file, text) {
  const out = [];
  for (const [, spec] of text.matchAll(/(?:\bfrom\s*|\bimport\s*\(\s*)['"]([^'"]+)['"]/g)) {
    if (/^\.\/[\w-]+$/.test(spec)) out.push(`${spec.slice(2)}.d.ts`);
    else if (!PEERS.has(spec)) throw new Error(`${file}: the public types import '${spec}', which a consumer of @perch/widget does not have`);
  }
  return out;
}

export function copyDeclarations(from, to) {
  const queue = ['index.d.ts'];
  const done = new Set();
  mkdirSync(to, { recursive: true });
  while (queue.length > 0) {
    const file = queue.shift();
    if (done.has(file)) continue;
    done.add(file);
    if (!existsSync(join(from, file))) throw new Error(`${file} was not emitted in ${from}`);
    const text = publicText(readFileSync(join(from, file), 'utf8'));
    queue.push(...localImports(file, text));
    writeFileSync(join(to, file === 'index.d.ts' ? 'perch-widget.d.ts' : file), text);
  }
  return [...done];
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const tsc = createRequire(join(WEB, 'package.json')).resolve('typescript/bin/tsc');
  execFileSync(process.execPath, [tsc, '-p', 'tsconfig.widget-types.json'], { cwd: WEB, stdio: 'inherit' });
  const files = copyDeclarations(EMITTED, join(WIDGET, 'dist'));
  console.log(`widget types: ${files.join(' ')} -> widget/dist (perch-widget.d.ts)`);
}
