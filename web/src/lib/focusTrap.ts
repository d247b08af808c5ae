/** What a keyboard can reach inside a dialog, in tab order. */
const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

export function focusableIn(root: HTMLElement): HTMLElement[] {
  return Array.from(root.querySelectorAll<HTMLElement>(FOCUSABLE)).filter(
    (el) => !el.hasAttribute('inert') && el.getAttribute('aria-hidden') !== 'true',
  );
}

/**
 * The element Tab (or Shift+Tab) should move to so that focus stays inside `root`; null when the
 * browser's own move stays inside anyway.
 */
export function wrapTarget(root: HTMLElement, active: Element | null, backwards: boolean): HTMLElement | null {
  const items = focusableIn(root);
  if (items.length === 0) return root;
  const first = items[0]!;
  const last = items[items.length - 1]!;
  if (!active || !root.contains(active)) return backwards ? last : first;
  if (backwards && active === first) return last;
  if (!backwards && active === last) return first;
  return null;
}
