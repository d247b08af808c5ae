// Each language has every key of the others, with the same {{placeholders}}; and Chinese is
// really translated, not a copy of the English.
import { describe, expect, it } from 'vitest';

type Tree = { [key: string]: string | Tree };
const files = import.meta.glob<Tree>('./**/*.json', { eager: true, import: 'default' });

function flatten(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [k, v] of Object.entries(tree)) {
    if (typeof v === 'string') out.set(prefix + k, v);
    else for (const [kk, vv] of flatten(v, `${prefix}${k}.`)) out.set(kk, vv);
  }
  return out;
}

const placeholders = (text: string) => [...text.matchAll(/\{\{\s*(\w+)\s*\}\}/g)].map((m) => m[1]).sort();

/** Pairs of files per namespace: en.json/zh.json, and X.en.json/X.zh.json (e.g. docs.en.json). */
function languagePairs(): [string, Map<string, string>, Map<string, string>][] {
  const byNamespace = new Map<string, Record<string, Tree>>();
  for (const [file, tree] of Object.entries(files)) {
    const m = /^\.\/(?:(.+)\.)?(en|zh)\.json$/.exec(file.replace(/^\.\/(.*\/)?/, './$1'));
    if (!m) continue;
    const ns = m[1] ?? 'translation';
    byNamespace.set(ns, { ...byNamespace.get(ns), [m[2] as string]: tree });
  }
  return [...byNamespace].map(([ns, langs]) => [ns, flatten(langs.en ?? {}), flatten(langs.zh ?? {})]);
}

describe('languages', () => {
  const pairs = languagePairs();

  it('finds the main namespace', () => {
    expect(pairs.map(([ns]) => ns)).toContain('translation');
  });

  it.each(pairs)('%s: the same keys in English and Chinese', (_ns, en, zh) => {
    expect([...zh.keys()].filter((k) => !en.has(k))).toEqual([]);
    expect([...en.keys()].filter((k) => !zh.has(k))).toEqual([]);
  });

  it.each(pairs)('%s: the same placeholders in both', (_ns, en, zh) => {
    const differ = [...en].filter(([k, v]) => placeholders(v).join() !== placeholders(zh.get(k) ?? '').join()).map(([k]) => k);
    expect(differ).toEqual([]);
  });

  it.each(pairs)('%s: Chinese is translated (only names and symbols stay as in English)', (_ns, en, zh) => {
    // A value with an English word of 4+ letters that is the same in both is an untranslated copy,
    // unless it is a product or network name.
    const NAMES = /^(Perch|GitHub|Discord|Telegram|Ethereum|Base|Arbitrum One|Optimism|Scroll|Linea|zkSync Era|Taiko|Blast|Zora|Soneium|Scroll Marks|Linea LXP|Soneium OG|English|Solana|@perch_bridge)$/;
    const words = (v: string) => v.replace(/\{\{\s*\w+\s*\}\}/g, '').replace(/\bPerch\b/g, '');
    const copies = [...en].filter(([k, v]) => zh.get(k) === v && /[A-Za-z]{4,}/.test(words(v)) && !NAMES.test(v)).map(([k]) => k);
    expect(copies).toEqual([]);
  });
});

describe('percentages', () => {
  const pairs = languagePairs();

  // Every percentage is formatted by lib/format's formatPercent (the app's language decides the
  // sign and its spacing); a template that writes its own sign or number drifts from it ('75 %').
  it.each(pairs)('%s: no template writes a percent sign after a value or a number', (_ns, en, zh) => {
    const ownSign = (v: string) => /(\}\}|\d)\s*[%％]/.test(v);
    expect([...en, ...zh].filter(([, v]) => ownSign(v)).map(([k, v]) => `${k}: ${v}`)).toEqual([]);
  });
});

describe('meta description', () => {
  it('index.html ships the English description that setLanguage swaps per language', async () => {
    const html = (await import('../../index.html?raw')).default;
    const en = (await import('./en.json')).default;
    expect(html).toContain(`<meta name="description" content="${en.app.description}" />`);
    const { setLanguage } = await import('./index');
    document.head.insertAdjacentHTML('beforeend', `<meta name="description" content="${en.app.description}" />`);
    await setLanguage('zh');
    const zh = (await import('./zh.json')).default;
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(zh.app.description);
    await setLanguage('en');
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toBe(en.app.description);
  });
});
