import { describe, expect, it } from 'vitest';
import { focusableIn, wrapTarget } from './focusTrap';

function dialog(): HTMLElement {
  const root = document.createElement('div');
  root.innerHTML = `<button id="a">a</button><input id="b" /><button id="off" disabled>x</button>
    <a id="c" href="#c">c</a><span tabindex="-1" id="skip">s</span>`;
  document.body.append(root);
  return root;
}

describe('focus trap', () => {
  it('lists the reachable elements in order, skipping disabled and tabindex=-1', () => {
    expect(focusableIn(dialog()).map((el) => el.id)).toEqual(['a', 'b', 'c']);
  });

  it('wraps Tab from the last to the first and Shift+Tab from the first to the last', () => {
    const root = dialog();
    const [a, b, c] = focusableIn(root);
    expect(wrapTarget(root, c!, false)).toBe(a);
    expect(wrapTarget(root, a!, true)).toBe(c);
    expect(wrapTarget(root, b!, false)).toBeNull();
    expect(wrapTarget(root, b!, true)).toBeNull();
  });

  it('pulls focus back in from outside', () => {
    const root = dialog();
    const outside = document.createElement('button');
    document.body.append(outside);
    expect(wrapTarget(root, outside, false)?.id).toBe('a');
    expect(wrapTarget(root, outside, true)?.id).toBe('c');
  });

  it('focuses the dialog itself when it holds nothing focusable', () => {
    const root = document.createElement('div');
    expect(wrapTarget(root, null, false)).toBe(root);
  });
});
