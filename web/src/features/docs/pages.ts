/** The docs pages, in navigation order: slug (path under /docs), title key, prose file. */
export interface DocsPageInfo {
  slug: string;
  titleKey: string;
  file: string;
}

/** The slugs in navigation order; a page's prose file is its slug ('overview' for the index), its title key the slug in camel case. */
const SLUGS = ['', 'bridge', 'exchange', 'swap', 'fees', 'times', 'refunds', 'networks', 'points', 'faq', 'brand-kit', 'audit', 'api'] as const;

const camel = (slug: string): string => slug.replace(/-(\w)/g, (_, c: string) => c.toUpperCase());

export const DOCS_PAGES: readonly DocsPageInfo[] = SLUGS.map((slug) => {
  const file = slug || 'overview';
  return { slug, titleKey: `pages.${camel(file)}`, file };
});

export const docsPath = (slug: string): string => (slug ? `/docs/${slug}` : '/docs');
