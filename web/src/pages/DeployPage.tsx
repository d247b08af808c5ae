import { useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useAppConfig } from '@/api/appConfig';
import { chainsQuery } from '@/api/queries';
import { Card } from '@/components/Card';
import { Page } from '@/components/Page';
import { DeployForm } from '@/features/deploy/DeployForm';
import { DeployProgress } from '@/features/deploy/DeployProgress';
import { MyDeployments } from '@/features/deploy/MyDeployments';
import { NetworkPicker } from '@/features/deploy/NetworkPicker';
import { networksToRun, useDeployForm } from '@/features/deploy/deployStore';
import { deployNetworks } from '@/features/deploy/networks';
import { deployData, validateFields } from '@/features/deploy/templates';
import { useDeploy } from '@/features/deploy/useDeploy';
import '@/features/deploy/deploy.css';
import { useWalletModal } from '@/wallet/modalStore';
import { useWalletStore } from '@/wallet/store';

type ButtonState = 'connect' | 'network' | 'fields' | 'running' | 'retry' | 'deploy';

/** /deploy: a template deployed from the connected wallet on one or several networks in turn. */
export default function DeployPage() {
  const { t } = useTranslation();
  const chains = useQuery(chainsQuery());
  const appConfig = useAppConfig();
  // Until app-config answers, which networks can be deployed to is not known: none are listed yet (a failed app-config lists every EVM network).
  const networks = useMemo(() => (appConfig.isPending ? [] : deployNetworks(chains.data ?? [], appConfig.data)), [chains.data, appConfig.isPending, appConfig.data]);
  // Past deployments and progress name their network even when it is no longer offered.
  const byId = useMemo(() => new Map((chains.data ?? []).map((c) => [c.chain_id, c])), [chains.data]);
  const address = useWalletStore((s) => s.address);
  const showWallets = useWalletModal((s) => s.show);
  const { template, values, networks: chosen, progress, running } = useDeployForm();
  const deploy = useDeploy();
  const valid = Object.keys(validateFields(template, values)).length === 0;
  const data = valid ? deployData(template, values) : null;
  const toRun = networksToRun(chosen, progress);
  const anyFailed = toRun.some((id) => progress[id]?.step === 'failed');
  const state: ButtonState = !address
    ? 'connect'
    : running
      ? 'running'
      : toRun.length === 0
        ? 'network'
        : !valid
          ? 'fields'
          : anyFailed
            ? 'retry'
            : 'deploy';
  const onClick = (): void => {
    if (state === 'connect') showWallets();
    else if (state === 'deploy' || state === 'retry') void deploy();
  };
  return (
    <Page title={t('deploy.title')} subtitle={t('deploy.subtitle')} layout="narrow">
      <Card>
        <DeployForm showErrors={state === 'fields'} />
        <NetworkPicker networks={networks} data={data} />
        <p className="muted small" data-testid="deploy-networks-note">
          {t('availability.deployOnly')}
        </p>
        <button
          type="button"
          className="btn btn--primary btn--block"
          data-testid="deploy-button"
          disabled={state === 'network' || state === 'fields' || state === 'running'}
          onClick={onClick}
        >
          {t(`deploy.button.${state}`, { count: toRun.length })}
        </button>
        <DeployProgress chains={byId} />
      </Card>
      <MyDeployments address={address} chains={byId} />
    </Page>
  );
}
