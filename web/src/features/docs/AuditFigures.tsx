import benchmarks from '../../../../docs/benchmarks.md?raw';
import { Markdown, sectionsMatching } from './markdown';
import type { DocsT } from './useDocsT';

// The fault and fuzz sections of docs/benchmarks.md, read at build time: the page shows the
// measured figures as they were committed, with the commands that produced them.
const SECTIONS = sectionsMatching(benchmarks, /fault|fuzz/i);

export function AuditFigures({ t }: { t: DocsT }) {
  return (
    <section data-testid="audit-figures">
      <h2>{t('audit.figures')}</h2>
      {SECTIONS.length ? SECTIONS.map((s, i) => <Markdown key={i} text={s.replace(/^## /, '### ')} />) : <p>{t('audit.noFigures')}</p>}
    </section>
  );
}
