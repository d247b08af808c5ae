#!/usr/bin/env node
// The widget's bundle budget (docs/benchmarks.md "Widget bundle"): the gzip (level 9) size of the JS
// a page downloads to show the card (the entry and the chunks it imports statically), and of all
// of the widget's JS (the wallet runtime's chunks load only when a wallet is used). React is the
// host's and not counted. Exits 1 when a figure is over its budget.
import { readdirSync, readFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

export const BUDGET = { firstLoad: 105 * 1024, total: 380 * 1024, css: 8 * 1024 };

const dist = process.argv[2] ?? join(dirname(fileURLToPath(import.meta.url)), '..', 'dist');
const gz = (file) => gzipSync(readFileSync(join(dist, file)), { level: 9 }).length;

/** The files `file` imports statically (import ... from './x.js' / export ... from './x.js'), transitively. */
export function staticClosure(read, entry) {
  const seen = new Set();
  const visit = (file) => {
    if (seen.has(file)) return;
    seen.add(file);
    const src = read(file);
    for (const m of src.matchAll(/(?:^|[;\n}])\s*(?:import|export)\s*(?:[\w$*{}\s,]+from\s*)?["']\.\/([^"']+\.js)["']/g)) visit(m[1]);
  };
  visit(entry);
  return [...seen];
}

const isMain = process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1];
if (isMain) {
  const js = readdirSync(dist).filter((f) => f.endsWith('.js'));
  const first = staticClosure((f) => readFileSync(join(dist, f), 'utf8'), 'perch-widget.js');
  const sum = (files) => files.reduce((a, f) => a + gz(f), 0);
  const figures = {
    firstLoad: sum(first),
    total: sum(js),
    css: readdirSync(dist).filter((f) => f.endsWith('.css')).reduce((a, f) => a + gz(f), 0),
  };
  let over = false;
  for (const [name, bytes] of Object.entries(figures)) {
    const ok = bytes <= BUDGET[name];
    over ||= !ok;
    console.log(`widget ${name}: ${(bytes / 1024).toFixed(1)} KB gzip (budget ${BUDGET[name] / 1024} KB) ${ok ? 'ok' : 'OVER BUDGET'}`);
  }
  console.log(`widget first load: ${first.join(' ')}`);
  process.exit(over ? 1 : 0);
}
