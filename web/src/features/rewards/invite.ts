/** The share of a referee's bridge points its referrer earns, in percent (the server's referral rule). */
export const REFERRAL_PERCENT = 10;

/** The invite link of a wallet: where a friend lands, with the referrer they can accept. */
export function inviteLink(origin: string, address: string): string {
  return address ? `${origin}/rewards?ref=${address}` : '';
}

/** The X post a Share button opens when the browser has no share sheet. */
export function inviteTweetUrl(text: string, link: string): string {
  return `https://x.com/intent/post?text=${encodeURIComponent(`${text} ${link}`)}`;
}

/**
 * Shares the link through the system share sheet where there is one (phones), else opens an X
 * post with it. 'shared', 'cancelled' (the user closed the sheet) or 'opened' (the X post).
 */
export async function shareInvite(text: string, link: string, nav: Pick<Navigator, 'share'> | undefined = globalThis.navigator, open: (url: string) => void = (u) => void window.open(u, '_blank', 'noopener,noreferrer')): Promise<'shared' | 'cancelled' | 'opened'> {
  if (nav && typeof nav.share === 'function') {
    try {
      await nav.share({ text, url: link });
      return 'shared';
    } catch (err) {
      if ((err as { name?: string } | null)?.name === 'AbortError') return 'cancelled';
      // A share sheet that fails for another reason (no permission, not allowed here): the X post still works.
    }
  }
  open(inviteTweetUrl(text, link));
  return 'opened';
}
