// Writes src/generated/openapi.ts from a running perch: node scripts/gen-types.mjs [URL or file]
// (default $PERCH_URL/api/openapi.json). With --check, only says whether the committed file is current.
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { loadDocument, TYPES_FILE, typesOf } from './generate.mjs';

const args = process.argv.slice(2);
const check = args.includes('--check');
const source = args.find((a) => !a.startsWith('--')) ?? `${process.env.PERCH_URL ?? 'http://127.0.0.1:8080'}/api/openapi.json`;
const text = await typesOf(await loadDocument(source));
if (check) {
  const committed = await readFile(TYPES_FILE, 'utf8').catch(() => '');
  if (committed !== text) {
    console.error('src/generated/openapi.ts is out of date: run npm run gen against the current perch');
    process.exit(1);
  }
  console.log('src/generated/openapi.ts is up to date');
} else {
  await mkdir(new URL('.', TYPES_FILE), { recursive: true });
  await writeFile(TYPES_FILE, text);
  console.log(`wrote ${TYPES_FILE.pathname}`);
}
