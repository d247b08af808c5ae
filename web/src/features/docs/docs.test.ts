import benchmarks from '../../../../docs/benchmarks.md?raw';
import routesJson from '../../../../config/routes.json';
import en from '@/i18n/docs.en.json';
import zh from '@/i18n/docs.zh.json';
import { brandColours } from './BrandKit';
import { parseBlocks, sectionsMatching } from './markdown';
import { DOCS_PAGES } from './pages';
import { testAppConfig } from '@/test/appConfig';
import { feeOf, percentOfBps, perChain, publishedRoutes, tierRows } from './routesData';

const CONTENT = Object.keys(import.meta.glob('./content/*/*.md'));
const keysOf = (o: object, prefix = ''): string[] =>
  Object.entries(o).flatMap(([k, v]) => (v && typeof v === 'object' ? keysOf(v as object, `${prefix}${k}.`) : [`${prefix}${k}`]));

describe('docs content', () => {
  it('has the same i18n keys in English and Chinese, and a title for every page', () => {
    expect(keysOf(zh).sort()).toEqual(keysOf(en).sort());
    for (const p of DOCS_PAGES) expect(keysOf(en)).toContain(p.titleKey);
  });

  it('has a prose file per page in each language', () => {
    for (const lang of ['en', 'zh']) {
      const files = CONTENT.filter((f) => f.startsWith(`./content/${lang}/`)).map((f) => f.slice(`./content/${lang}/`.length)).sort();
      expect(files).toEqual(DOCS_PAGES.map((p) => `${p.file}.md`).sort());
    }
  });
});

describe('fee tables from the served routes', () => {
  const ROUTES = publishedRoutes(testAppConfig().routes);
  const config = routesJson as { routes: { token: string; fee_tiers: { up_to: string; bps: number }[] }[] };

  it('shows every tier of every enabled route as a range', () => {
    const eth = ROUTES.find((r) => r.token === 'ETH');
    if (!eth) throw new Error('no ETH route');
    const rows = tierRows(eth);
    expect(rows.map((r) => r.bps)).toEqual(config.routes.find((r) => r.token === 'ETH')?.fee_tiers.map((t) => t.bps));
    expect(rows[0]?.from).toBe('');
    expect(rows.at(-1)?.upTo).toBe('');
    expect(rows.at(-1)?.from).toBe(eth.fee_tiers.at(-2)?.up_to);
  });

  it('lists only the enabled routes it is served', () => {
    const served = testAppConfig().routes;
    const off = served.map((r) => (r.token === 'USDT' ? { ...r, enabled: false } : r));
    expect(publishedRoutes(off).map((r) => r.token)).toEqual(served.filter((r) => r.token !== 'USDT').map((r) => r.token));
    expect(publishedRoutes(undefined)).toEqual([]);
  });

  it('picks the tier like the server (amount ≤ up_to) and formats bps as percent', () => {
    const eth = ROUTES.find((r) => r.token === 'ETH');
    if (!eth) throw new Error('no ETH route');
    const first = eth.fee_tiers[0];
    if (!first) throw new Error('no tiers');
    expect(feeOf(eth, Number(first.up_to)).bps).toBe(first.bps);
    expect(feeOf(eth, 1e9).bps).toBe(eth.fee_tiers.at(-1)?.bps);
    expect(percentOfBps(10)).toBe('0.1%');
    expect(perChain({ default: 'x', '10': 'y', '1': 'z' }).map((e) => e.chain)).toEqual([1, 10, null]);
  });
});

describe('markdown and brand helpers', () => {
  it('parses headings, lists, tables and code', () => {
    const blocks = parseBlocks('## T\n\ntext\nmore\n\n- a\n  b\n- c\n\n| x | y |\n|---|---|\n| 1 | 2 |\n\n```\ncode\n```');
    expect(blocks).toEqual([
      { kind: 'heading', level: 2, text: 'T' },
      { kind: 'paragraph', text: 'text more' },
      { kind: 'list', ordered: false, items: ['a b', 'c'] },
      { kind: 'table', head: ['x', 'y'], rows: [['1', '2']] },
      { kind: 'code', text: 'code' },
    ]);
  });

  it('finds the fault sections of docs/benchmarks.md', () => {
    const found = sectionsMatching(benchmarks, /fault|fuzz/i);
    expect(found.length).toBeGreaterThan(0);
    expect(found[0]).toMatch(/^## Bridge fault tests/);
  });

  it('reads the theme colours from the stylesheet', () => {
    const colours = brandColours(':root {\n  --primary: #7c5cff;\n  --radius: 16px;\n  --bg: #0b0d14;\n}\n.x { --no: #fff; }');
    expect(colours).toEqual([
      { name: 'primary', value: '#7c5cff' },
      { name: 'bg', value: '#0b0d14' },
    ]);
  });
});
