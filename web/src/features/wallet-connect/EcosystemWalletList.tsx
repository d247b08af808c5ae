import { useTranslation } from 'react-i18next';
import { serverAssetUrl } from '@/api/client';
import { Spinner } from '@/components/Spinner';
import { useEcosystemsStore } from '@/wallet/ecosystems/store';
import type { NonEvmGroupId, WalletOption } from '@/wallet/ecosystems/types';
import { useWalletModal } from '@/wallet/modalStore';
import { useWalletStore } from '@/wallet/store';
import type { EcosystemOptionsState } from './useEcosystemOptions';

/** Connects a non-EVM option; its failure is shown as the modal's notice (the EVM wallet stays). */
export async function connectEcosystemOption(option: WalletOption): Promise<boolean> {
  const { connectOption } = await import('@/wallet/ecosystems/registry');
  useWalletStore.getState().setNotice(null);
  const result = await connectOption(option.id);
  if (!result.ok) useWalletStore.getState().setNotice(result.notice);
  return result.ok;
}

/** One non-EVM group of the modal (Solana, Solana/Eclipse/Soon, Fuel, StarkNet, BenFen, Bitcoin). */
export function EcosystemWalletList({ group, state }: { group: NonEvmGroupId; state: EcosystemOptionsState }) {
  const { t } = useTranslation();
  const connecting = useEcosystemsStore((s) => s.connecting);
  const hide = useWalletModal((s) => s.hide);
  if (state.status === 'loading') return <Spinner label={t('wallet.optionsLoading')} />;
  if (state.status === 'error') return <p className="form-error">{t('wallet.optionsFailed')}</p>;
  const options = state.options.filter((o) => o.group === group);
  return (
    <ul className="wallet-list" aria-label={t(`wallet.groups.${group}`)}>
      {options.map((o) => {
        const busy = connecting[o.ecosystem] === o.id;
        return (
          <li key={o.id} className="wallet-list__row" data-testid={`wallet-option-${o.id}`} data-installed={o.installed}>
            <button
              type="button"
              className="wallet-list__item"
              aria-label={t('wallet.connectTo', { name: o.name })}
              disabled={!!connecting[o.ecosystem]}
              onClick={() =>
                void connectEcosystemOption(o).then((ok) => {
                  if (ok) hide();
                })
              }
            >
              <img src={serverAssetUrl(o.icon)} alt="" width={28} height={28} className="wallet-list__icon" />
              <span className="wallet-list__name">{o.name}</span>
              {o.installed ? <span className="wallet-list__tag">{t('wallet.detected')}</span> : null}
              {busy ? <Spinner label={t('wallet.connecting')} /> : null}
            </button>
            {!o.installed ? (
              <a className="wallet-list__install" href={o.installUrl} target="_blank" rel="noreferrer" aria-label={t('wallet.installWallet', { name: o.name })}>
                {t('wallet.install')}
              </a>
            ) : null}
          </li>
        );
      })}
    </ul>
  );
}
