import { describe, expect, it } from 'vitest';
// The loader as the server sends it (web/public is copied into the build unchanged).
import source from '../../../public/perch-widget.js?raw';

interface LoaderApi {
  mount: (script: HTMLScriptElement) => HTMLIFrameElement | null;
  embedUrl: (script: HTMLScriptElement) => string;
}

/** Runs the loader file with `script` as document.currentScript; returns window.PerchWidget. */
function runLoader(script: HTMLScriptElement | null): LoaderApi {
  const descriptor = Object.getOwnPropertyDescriptor(Document.prototype, 'currentScript');
  Object.defineProperty(document, 'currentScript', { configurable: true, get: () => script });
  try {
    new Function(source)();
  } finally {
    delete (document as { currentScript?: unknown }).currentScript;
    if (descriptor) Object.defineProperty(Document.prototype, 'currentScript', descriptor);
  }
  return (window as unknown as { PerchWidget: LoaderApi }).PerchWidget;
}

function scriptTag(attrs: Record<string, string>): HTMLScriptElement {
  const s = document.createElement('script');
  s.src = 'https://perch.example/perch-widget.js';
  for (const [k, v] of Object.entries(attrs)) s.setAttribute(k, v);
  document.body.appendChild(s);
  return s;
}

describe('perch-widget.js (the iframe loader)', () => {
  it('inserts one iframe after its script, on its own server, with the data- settings as the query', () => {
    document.body.innerHTML = '';
    const s = scriptTag({ 'data-channel': '7', 'data-theme': 'light', 'data-from': '31337', 'data-to': '31338', 'data-tokens': 'ETH,USDC', 'data-routes': '31337-31338', 'data-unknown': 'x' });
    runLoader(s);
    const frames = document.querySelectorAll('iframe');
    expect(frames).toHaveLength(1);
    const frame = frames[0]!;
    expect(s.nextSibling).toBe(frame);
    const url = new URL(frame.src);
    expect(url.origin + url.pathname).toBe('https://perch.example/embed/bridge');
    expect(Object.fromEntries(url.searchParams)).toEqual({ channel: '7', theme: 'light', from: '31337', to: '31338', tokens: 'ETH,USDC', routes: '31337-31338' });
    expect(frame.title).toBe('Perch bridge');
    expect(frame.style.height).toBe('680px');
  });

  it('mounts into data-target, and a script is mounted once only', () => {
    document.body.innerHTML = '<div id="slot"></div>';
    const s = scriptTag({ 'data-target': '#slot', 'data-height': '720px' });
    const api = runLoader(s);
    expect(document.querySelector('#slot iframe')?.getAttribute('src')).toBe('https://perch.example/embed/bridge');
    expect((document.querySelector('#slot iframe') as HTMLIFrameElement).style.height).toBe('720px');
    expect(api.mount(s)).toBeNull();
    expect(document.querySelectorAll('iframe')).toHaveLength(1);
  });

  it('does nothing without a current script (loaded as a module or injected late)', () => {
    document.body.innerHTML = '';
    const api = runLoader(null);
    expect(document.querySelectorAll('iframe')).toHaveLength(0);
    expect(typeof api.mount).toBe('function');
  });
});
