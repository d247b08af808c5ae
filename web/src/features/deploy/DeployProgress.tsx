import { useTranslation } from 'react-i18next';
import { TxHash } from '@/components/TxLink';
import type { Chain } from '@/api/types';
import { TxSteps } from '@/features/tx/TxSteps';
import { deploySteps, useDeployForm } from './deployStore';
import { explorerLink, shortHex } from './networks';

/** Each network of the run: its step list (deploy, verify), the transaction and, once done, the contract. */
export function DeployProgress({ chains }: { chains: ReadonlyMap<number, Chain> }) {
  const { t } = useTranslation();
  const progress = useDeployForm((s) => s.progress);
  const ids = Object.keys(progress).map(Number);
  if (ids.length === 0) return null;
  return (
    <ol className="row-list" aria-label={t('deploy.progress')}>
      {ids.map((id) => {
        const p = progress[id]!;
        const chain = chains.get(id);
        const tx = p.txHash ? explorerLink(chain, 'tx', p.txHash) : null;
        const contract = p.contract ? explorerLink(chain, 'address', p.contract) : null;
        return (
          <li key={id} className={`deploy-progress__row--${p.step}`} data-testid={`deploy-progress-${id}`} data-step={p.step}>
            <span className="deploy-progress__network">{chain?.chain_name ?? id}</span>
            <TxSteps
              steps={deploySteps(p).map((s) => ({ ...s, label: s.id === 'deploy' ? t('deploy.stepList.deploy', { network: chain?.chain_name ?? id }) : t('deploy.stepList.verify') }))}
              testId={`deploy-steps-${id}`}
              className="deploy-progress__steps"
              label={t('deploy.stepList.title', { network: chain?.chain_name ?? id })}
            />
            {p.txHash ? (
              <TxHash url={tx} hash={p.txHash} label={t('deploy.transaction')} className="">
                {t('deploy.transaction')}
              </TxHash>
            ) : null}
            {p.contract ? (
              contract ? (
                <a href={contract} target="_blank" rel="noreferrer" data-testid="deploy-contract" data-address={p.contract}>
                  {shortHex(p.contract)}
                </a>
              ) : (
                <span data-testid="deploy-contract" data-address={p.contract}>{shortHex(p.contract)}</span>
              )
            ) : null}
            {p.error ? <span className="form-error small">{p.error}</span> : null}
          </li>
        );
      })}
    </ol>
  );
}
