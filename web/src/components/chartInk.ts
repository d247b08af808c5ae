import { useThemeStore, type Theme } from '@/features/theme/store';

/** Axis, grid and tooltip colours of each theme for the recharts charts (SVG attributes do not follow CSS variables everywhere). */
const INK: Record<Theme, { text: string; muted: string; surface: string; border: string }> = {
  dark: { text: '#eef1f8', muted: '#8d96ad', surface: '#161b2b', border: '#262d40' },
  light: { text: '#141824', muted: '#5f6880', surface: '#ffffff', border: '#dde1ec' },
};

export function useChartInk() {
  return INK[useThemeStore((s) => s.theme)];
}
