import { sha256Hex } from '@/lib/sha256';
import { utcHourStamp } from '@/lib/time';

/** Name of the per-request header derived from the user id and the current UTC hour (so it changes every hour). */
export const AUTH_HEADER = 'X-Perch-Auth';

/** SHA-256 hex of `${userId.toLowerCase()}:${YYYYMMDDHH}` (UTC). An empty user id is allowed. */
export function authHeaderValue(userId: string, now: Date = new Date()): Promise<string> {
  return sha256Hex(`${userId.toLowerCase()}:${utcHourStamp(now)}`);
}
