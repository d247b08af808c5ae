/** Auto-reconnect of the remembered wallets runs this long after load (spec §9). */
export const AUTO_RECONNECT_DELAY_MS = 3000;
