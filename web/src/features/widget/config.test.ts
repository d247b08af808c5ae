import { describe, expect, it } from 'vitest';
import { testAppConfig } from '@/test/appConfig';
import { testChain } from '@/test/chains';
import { tokensForPair } from '@/features/bridge/routes';
import { allRoutes } from '@/api/appConfig';
import { configFromSearch, embedSearch, parseWidgetConfig, themeStyle } from './config';
import { restrictAppConfig, restrictChains, restrictTokens } from './scope';

describe('parseWidgetConfig', () => {
  it('takes a full config and drops a trailing slash of apiUrl', () => {
    const r = parseWidgetConfig({
      apiUrl: 'https://perch.example/',
      routes: [{ from: 1, to: 10 }],
      tokens: ['ETH'],
      theme: { mode: 'light', primary: '#ff0066', radius: '8px' },
      channel: 7,
      defaultFrom: 1,
      defaultTo: 10,
    });
    expect(r).toEqual({
      ok: true,
      config: { apiUrl: 'https://perch.example', routes: [{ from: 1, to: 10 }], tokens: ['ETH'], theme: { mode: 'light', primary: '#ff0066', radius: '8px' }, channel: 7, defaultFrom: 1, defaultTo: 10 },
    });
  });

  it('names every wrong field, unknown ones included', () => {
    const r = parseWidgetConfig({
      apiUrl: 'perch.example/api',
      routes: [{ from: 1, to: 1 }],
      tokens: [],
      theme: { mode: 'blue', primary: 'red;}body{' },
      channel: -3,
      defaultFrom: 1.5,
      chanel: 7,
    });
    expect(r.ok).toBe(false);
    expect(!r.ok && r.errors).toEqual([
      'chanel: unknown field',
      "apiUrl: the server's http(s) origin",
      'routes: a list of {from, to} chain ids',
      'tokens: a list of token symbols',
      "theme.mode: 'light' or 'dark'",
      'theme.primary: a CSS value',
      'channel: a positive integer',
      'defaultFrom: a positive integer',
    ]);
  });

  it('refuses a config that is not an object, and the same network both ways', () => {
    expect(parseWidgetConfig('https://perch.example')).toEqual({ ok: false, errors: ['config: an object'] });
    expect(parseWidgetConfig({ apiUrl: 'http://127.0.0.1:8080', defaultFrom: 10, defaultTo: 10 })).toEqual({ ok: false, errors: ['defaultTo: not the same network as defaultFrom'] });
    expect(parseWidgetConfig({ apiUrl: 'http://127.0.0.1:8080', theme: 'dark' })).toEqual({ ok: true, config: { apiUrl: 'http://127.0.0.1:8080', theme: 'dark' } });
  });
});

describe('the iframe address', () => {
  it('round-trips a config through embedSearch and configFromSearch', () => {
    const config = { routes: [{ from: 1, to: 10 }, { from: 10, to: 1 }], tokens: ['ETH', 'USDC'], theme: { mode: 'light' as const, primary: '#ff0066' }, channel: 7, defaultFrom: 1, defaultTo: 10 };
    const search = embedSearch(config);
    expect(search).toBe('?channel=7&from=1&to=10&theme=light&primary=%23ff0066&tokens=ETH%2CUSDC&routes=1-10%2C10-1');
    expect(configFromSearch(new URLSearchParams(search))).toEqual({ ok: true, config: { apiUrl: '', ...config } });
  });

  it('rejects what the address cannot mean', () => {
    const r = configFromSearch(new URLSearchParams('channel=abc&from=0&routes=1-x&theme=pink'));
    expect(!r.ok && r.errors).toEqual(['routes: a list of {from, to} chain ids', "theme: 'light', 'dark' or an object", 'channel: a positive integer', 'defaultFrom: a positive integer']);
    expect(configFromSearch(new URLSearchParams(''))).toEqual({ ok: true, config: { apiUrl: '' } });
  });
});

describe('the scope: routes and tokens restrict what app-config offers', () => {
  const served = testAppConfig();

  it('keeps only the listed pairs, one way each', () => {
    const scoped = allRoutes(restrictAppConfig(served, { routes: [{ from: 8453, to: 42161 }] }));
    expect(tokensForPair(8453, 42161, scoped)).toEqual(['ETH', 'USDC', 'USDT']);
    expect(tokensForPair(42161, 8453, scoped)).toEqual([]);
    expect(tokensForPair(1, 10, scoped)).toEqual([]);
    // Served: ETH from Base reaches Solana as SOL; the scope has no such pair.
    expect(tokensForPair(8453, 83797601, allRoutes(served))).toEqual(['USDC', 'ETH']);
    expect(tokensForPair(8453, 83797601, scoped)).toEqual([]);
  });

  it('keeps only the listed tokens', () => {
    const scoped = allRoutes(restrictAppConfig(served, { tokens: ['USDC'] }));
    expect(tokensForPair(8453, 42161, scoped)).toEqual(['USDC']);
    expect(tokensForPair(1, 10, scoped)).toEqual(['USDC']);
  });

  it('leaves the served config alone without a scope, and cuts the network and token lists', () => {
    expect(restrictAppConfig(served, {})).toBe(served);
    const chains = [testChain(1, 'Ethereum'), testChain(10, 'OP'), testChain(8453, 'Base')];
    expect(restrictChains(chains, { routes: [{ from: 8453, to: 10 }] }).map((c) => c.chain_id)).toEqual([10, 8453]);
    expect(restrictChains(chains, {})).toBe(chains);
    const tokens = [{ symbol: 'ETH' }, { symbol: 'USDC' }] as Parameters<typeof restrictTokens>[0];
    expect(restrictTokens(tokens, { tokens: ['USDC'] }).map((t) => t.symbol)).toEqual(['USDC']);
  });
});

describe('themeStyle', () => {
  it('is dark by default and writes the object theme as CSS variables', () => {
    expect(themeStyle(undefined)).toEqual({ mode: 'dark', vars: {} });
    expect(themeStyle('light')).toEqual({ mode: 'light', vars: {} });
    expect(themeStyle({ primary: '#ff0066', radius: '4px' })).toEqual({ mode: 'dark', vars: { '--primary': '#ff0066', '--radius': '4px' } });
  });
});
