import { describe, expect, it } from 'vitest';
import { widgetSelector, widgetSelectors } from './cssScope';

describe("the widget build's stylesheet keeps to the widget", () => {
  it("moves :root and body onto the widget's root, leaves html out, and keeps the rest", () => {
    expect(widgetSelectors([':root', ":root[data-theme='dark']", ".perch-widget[data-theme='dark']"])).toEqual(['.perch-widget', ".perch-widget[data-theme='dark']"]);
    expect(widgetSelectors(['html', 'body'])).toEqual(['.perch-widget']);
    expect(widgetSelectors(['html'])).toEqual([]);
    expect(widgetSelector(":root[data-theme='light'] .swap-card")).toBe(".perch-widget[data-theme='light'] .swap-card");
    for (const kept of ['.swap-card', ':focus-visible', '*::before', 'a', '.body-text', 'htmlish', 'from', '50%']) expect(widgetSelector(kept)).toBe(kept);
  });
});
