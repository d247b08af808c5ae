import type { TFunction } from 'i18next';
import type { AvailabilitySide, UnavailableReason } from './availability';

/**
 * What a network that is not offered says, in the user's language. `other`: the name of the
 * network chosen on the other side of the bridge, which "no route from A to B" names.
 */
export function unavailableText(t: TFunction, side: AvailabilitySide, reason: UnavailableReason, network: string, other = ''): string {
  if (reason === 'noRouteBetween') {
    return side === 'to' ? t('availability.noRouteBetween', { from: other, to: network }) : t('availability.noRouteBetween', { from: network, to: other });
  }
  return t(`availability.${reason}`, { network });
}
