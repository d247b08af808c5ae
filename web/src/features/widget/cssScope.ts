/**
 * The widget build's stylesheet keeps to the widget's own box (web/vite.widget.config.ts applies
 * this to every rule of the app's styles it bundles; the app's build is untouched). The app's
 * page-wide rules would restyle the partner's page: the theme's variables on :root, and html's and
 * body's margins, type and colours. For the widget, :root and body are its root element (the card
 * gets the variables, the type and the colours), and html alone is left out.
 */
export const WIDGET_ROOT = '.perch-widget';

/** One selector for the widget build: scoped, unchanged, or null (left out). */
export function widgetSelector(selector: string): string | null {
  const s = selector.trim();
  const m = /^(:root|html|body)(?![-\w])([^]*)$/.exec(s);
  if (!m) return s;
  const rest = m[2] ?? '';
  if (m[1] === 'html' && rest === '') return null;
  return `${WIDGET_ROOT}${rest}`;
}

/** A rule's selector list for the widget build, without duplicates; empty: leave the rule out. */
export function widgetSelectors(selectors: readonly string[]): string[] {
  return [...new Set(selectors.map(widgetSelector).filter((s): s is string => s !== null))];
}
