import baseCss from '@/app/styles/base.css?raw';
import type { DocsT } from './useDocsT';
import { DocsTable } from './DocsTable';

/** `--name: #hex;` declarations of the app's default (dark) theme block, in file order. */
export function brandColours(css: string): { name: string; value: string }[] {
  const block = css.slice(css.indexOf('{') + 1, css.indexOf('}'));
  return [...block.matchAll(/--([\w-]+):\s*(#[0-9a-fA-F]{3,8})\s*;/g)].map((m) => ({ name: m[1] ?? '', value: m[2] ?? '' }));
}

const LOGO_FILES = ['/perch.svg'] as const;

export function BrandKit({ t }: { t: DocsT }) {
  return (
    <>
      <h2>{t('brand.logo')}</h2>
      <div className="docs-brand-logos">
        {LOGO_FILES.map((file) => (
          <figure key={file} className="docs-brand-logo">
            <img src={file} alt="" width={96} height={96} />
            <figcaption>
              <a href={file} download>
                {t('brand.download', { file: file.slice(1) })}
              </a>
            </figcaption>
          </figure>
        ))}
      </div>
      <h2>{t('brand.colours')}</h2>
      <DocsTable headers={[t('brand.name'), t('brand.value')]} testId="brand-colours">
        {brandColours(baseCss).map((c) => (
          <tr key={c.name}>
            <td>
              <svg className="docs-swatch" width="16" height="16" aria-hidden="true">
                <rect width="16" height="16" rx="4" fill={c.value} />
              </svg>
              <code>--{c.name}</code>
            </td>
            <td>
              <code>{c.value}</code>
            </td>
          </tr>
        ))}
      </DocsTable>
    </>
  );
}
