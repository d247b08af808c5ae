/** The docs pages, in navigation order: slug (path under /docs), title key, prose file. */
export interface DocsPageInfo {
  slug: string;
  titleKey: string;
  file: string;
}

export const DOCS_PAGES: readonly DocsPageInfo[] = [
  { slug: '', titleKey: 'pages.overview', file: 'overview' },
  { slug: 'bridge', titleKey: 'pages.bridge', file: 'bridge' },
  { slug: 'exchange', titleKey: 'pages.exchange', file: 'exchange' },
  { slug: 'swap', titleKey: 'pages.swap', file: 'swap' },
  { slug: 'fees', titleKey: 'pages.fees', file: 'fees' },
  { slug: 'times', titleKey: 'pages.times', file: 'times' },
  { slug: 'refunds', titleKey: 'pages.refunds', file: 'refunds' },
  { slug: 'networks', titleKey: 'pages.networks', file: 'networks' },
  { slug: 'points', titleKey: 'pages.points', file: 'points' },
  { slug: 'faq', titleKey: 'pages.faq', file: 'faq' },
  { slug: 'brand-kit', titleKey: 'pages.brandKit', file: 'brand-kit' },
  { slug: 'audit', titleKey: 'pages.audit', file: 'audit' },
  { slug: 'api', titleKey: 'pages.api', file: 'api' },
];

export const docsPath = (slug: string): string => (slug ? `/docs/${slug}` : '/docs');
