import { Fragment, type ReactNode } from 'react';

/**
 * A small Markdown renderer for the docs' own prose and docs/benchmarks.md: headings, paragraphs,
 * lists, tables, fenced code, **bold**, *italic* and `code`. It builds React elements (no HTML
 * strings), so nothing in a page can inject markup.
 */

export type Block =
  | { kind: 'heading'; level: number; text: string }
  | { kind: 'paragraph'; text: string }
  | { kind: 'list'; ordered: boolean; items: string[] }
  | { kind: 'table'; head: string[]; rows: string[][] }
  | { kind: 'code'; text: string };

const cells = (line: string): string[] =>
  line
    .trim()
    .replace(/^\||\|$/g, '')
    .split('|')
    .map((c) => c.trim());

/** Splits Markdown text into blocks (pure, unit-tested). */
export function parseBlocks(text: string): Block[] {
  const lines = text.replace(/\r\n/g, '\n').split('\n');
  const blocks: Block[] = [];
  let i = 0;
  while (i < lines.length) {
    const line = lines[i] ?? '';
    if (line.trim() === '') {
      i++;
    } else if (line.startsWith('```')) {
      const body: string[] = [];
      for (i++; i < lines.length && !(lines[i] ?? '').startsWith('```'); i++) body.push(lines[i] ?? '');
      blocks.push({ kind: 'code', text: body.join('\n') });
      i++;
    } else if (/^#{1,6} /.test(line)) {
      const level = line.indexOf(' ');
      blocks.push({ kind: 'heading', level, text: line.slice(level + 1).trim() });
      i++;
    } else if (line.trim().startsWith('|')) {
      const rows: string[][] = [];
      for (; i < lines.length && (lines[i] ?? '').trim().startsWith('|'); i++) rows.push(cells(lines[i] ?? ''));
      const [head = [], , ...body] = rows;
      blocks.push({ kind: 'table', head, rows: body });
    } else if (/^(\s*)([-*]|\d+\.) /.test(line)) {
      const ordered = /^\s*\d+\. /.test(line);
      const items: string[] = [];
      for (; i < lines.length && (lines[i] ?? '').trim() !== ''; i++) {
        const l = lines[i] ?? '';
        if (/^([-*]|\d+\.) /.test(l)) items.push(l.replace(/^([-*]|\d+\.) /, ''));
        else items[items.length - 1] += ` ${l.trim()}`;
      }
      blocks.push({ kind: 'list', ordered, items });
    } else {
      const para: string[] = [];
      for (; i < lines.length && (lines[i] ?? '').trim() !== '' && !/^(#|```|\|)/.test(lines[i] ?? ''); i++) para.push((lines[i] ?? '').trim());
      blocks.push({ kind: 'paragraph', text: para.join(' ') });
    }
  }
  return blocks;
}

/** Inline **bold**, *italic* and `code`. */
export function Inline({ text }: { text: string }) {
  const parts = text.split(/(\*\*[^*]+\*\*|\*[^*]+\*|`[^`]+`)/g);
  return (
    <>
      {parts.map((p, i) => {
        if (p.startsWith('**') && p.endsWith('**') && p.length > 4) return <strong key={i}>{p.slice(2, -2)}</strong>;
        if (p.startsWith('`') && p.endsWith('`') && p.length > 2) return <code key={i}>{p.slice(1, -1)}</code>;
        if (p.startsWith('*') && p.endsWith('*') && p.length > 2) return <em key={i}>{p.slice(1, -1)}</em>;
        return <Fragment key={i}>{p}</Fragment>;
      })}
    </>
  );
}

function renderBlock(b: Block, key: number): ReactNode {
  switch (b.kind) {
    case 'heading': {
      const Tag = `h${Math.min(b.level + 1, 6)}` as 'h2';
      return (
        <Tag key={key}>
          <Inline text={b.text} />
        </Tag>
      );
    }
    case 'paragraph':
      return (
        <p key={key}>
          <Inline text={b.text} />
        </p>
      );
    case 'list': {
      const Tag = b.ordered ? 'ol' : 'ul';
      return (
        <Tag key={key}>
          {b.items.map((item, i) => (
            <li key={i}>
              <Inline text={item} />
            </li>
          ))}
        </Tag>
      );
    }
    case 'table':
      return (
        <div className="docs-table-wrap" key={key}>
          <table className="docs-table">
            <thead>
              <tr>
                {b.head.map((h, i) => (
                  <th key={i} scope="col">
                    <Inline text={h} />
                  </th>
                ))}
              </tr>
            </thead>
            <tbody>
              {b.rows.map((row, r) => (
                <tr key={r}>
                  {row.map((c, i) => (
                    <td key={i}>
                      <Inline text={c} />
                    </td>
                  ))}
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      );
    case 'code':
      return (
        <pre key={key} className="docs-code">
          <code>{b.text}</code>
        </pre>
      );
  }
}

export function Markdown({ text }: { text: string }) {
  return <>{parseBlocks(text).map(renderBlock)}</>;
}

/** The `## ` sections of a Markdown text whose heading matches `pattern`, heading included. */
export function sectionsMatching(text: string, pattern: RegExp): string[] {
  return text
    .split(/\n(?=## )/)
    .filter((s) => s.startsWith('## ') && pattern.test(s.slice(0, s.indexOf('\n') >>> 0)));
}
