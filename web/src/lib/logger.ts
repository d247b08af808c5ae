/** Console logging in one place, so "logged, not blocking" failures are easy to find. */
export const logger = {
  warn(message: string, detail?: unknown): void {
    console.warn(`[perch] ${message}`, detail ?? '');
  },
  error(message: string, detail?: unknown): void {
    console.error(`[perch] ${message}`, detail ?? '');
  },
};
