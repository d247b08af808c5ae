// Every user-visible string goes through i18n: a JSX text or a user-facing attribute written as a
// literal in a component fails this test, with its file and line.
import ts from 'typescript';
import { describe, expect, it } from 'vitest';

// Every component's source, read through Vite (the app's tsconfig has no Node types).
const SOURCES = import.meta.glob<string>(['../**/*.tsx', '!../**/*.test.tsx', '!../test/**'], {
  query: '?raw',
  import: 'default',
  eager: true,
});
// Attributes a person reads or hears (screen readers).
const USER_FACING_ATTRIBUTES = new Set(['aria-label', 'title', 'placeholder', 'alt', 'label', 'aria-description']);
const hasWords = (text: string) => /[A-Za-z\u4e00-\u9fff]{2,}/.test(text);

/** "file:line text" for each literal a person would see in `source`. */
export function literalStrings(fileName: string, source: string): string[] {
  const sf = ts.createSourceFile(fileName, source, ts.ScriptTarget.Latest, true, ts.ScriptKind.TSX);
  const found: string[] = [];
  const report = (node: ts.Node, text: string) => {
    const line = sf.getLineAndCharacterOfPosition(node.getStart(sf)).line + 1;
    found.push(`${fileName}:${line} ${JSON.stringify(text.trim())}`);
  };
  const visit = (node: ts.Node) => {
    if (ts.isJsxText(node) && hasWords(node.text)) report(node, node.text);
    if (ts.isJsxAttribute(node) && USER_FACING_ATTRIBUTES.has(node.name.getText(sf))) {
      const init = node.initializer;
      const literal = init && ts.isStringLiteral(init) ? init : init && ts.isJsxExpression(init) && init.expression && ts.isStringLiteralLike(init.expression) ? init.expression : null;
      if (literal && hasWords(literal.text)) report(node, literal.text);
    }
    ts.forEachChild(node, visit);
  };
  visit(sf);
  return found;
}

describe('no literal user-visible strings', () => {
  it('finds a literal JSX text and a literal aria-label (the check itself works)', () => {
    const src = `export const A = () => <p aria-label="Close it">Hello there{t('x')}</p>;\nexport const B = () => <p title={t('ok')}>{t('y')} · 42</p>;`;
    expect(literalStrings('x.tsx', src)).toEqual(['x.tsx:1 "Close it"', 'x.tsx:1 "Hello there"']);
  });

  it('every component renders text through i18n', () => {
    expect(Object.keys(SOURCES).length).toBeGreaterThan(40);
    const offenders = Object.entries(SOURCES).flatMap(([file, source]) => literalStrings(file, source));
    expect(offenders).toEqual([]);
  });
});
