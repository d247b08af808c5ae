/** Expected time in words-free form: '~6 s', '~2 min'. */
export function formatDuration(seconds: number): { unit: 'seconds' | 'minutes'; value: number } {
  if (seconds < 120) return { unit: 'seconds', value: Math.max(0, Math.round(seconds)) };
  return { unit: 'minutes', value: Math.round(seconds / 60) };
}
