import { NetworkListModal } from '@/features/network-list/NetworkListModal';
import type { ChainSwitch } from '@/features/tx/useChainSwitch';
import { useBridgeForm } from '@/state/bridgeFormStore';
import type { BridgeWallets } from './useBridgeRoute';

/**
 * The network list behind the From and To buttons. An exchange destination comes with its deposit
 * address, which becomes the recipient; a new source moves the connected EVM wallet to it.
 */
export function BridgeNetworkPicker({ picker, onClose, wallets, chainSwitch }: { picker: 'from' | 'to' | null; onClose: () => void; wallets: BridgeWallets; chainSwitch: ChainSwitch }) {
  const form = useBridgeForm();
  return (
    <NetworkListModal
      open={picker !== null}
      mode={picker ?? 'from'}
      tokenName={form.token}
      exchange={picker === 'to' ? form.exchange : null}
      depositAddress={form.recipient}
      other={picker === 'to' ? form.fromChainId : form.toChainId}
      onClose={onClose}
      onSelect={(c, ex, depositAddress) => {
        if (picker === 'to') {
          form.setTo(c.chain_id, ex ?? null);
          if (ex && depositAddress) form.setRecipient(depositAddress);
          return;
        }
        form.setFrom(c.chain_id);
        chainSwitch.clear();
        if (wallets.evmAddress && c.flags?.evm && c.chain_id !== wallets.evmChainId) void chainSwitch.switchTo(c.chain_id);
      }}
    />
  );
}
