import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { getOrder, historyQuery, orderQueryKey, orderReceived, FINAL_ORDER_STATES, type Order } from '@/api/bridge';
import { chainsQuery } from '@/api/queries';
import type { Chain } from '@/api/types';
import { Card } from '@/components/Card';
import { Page } from '@/components/Page';
import { Spinner } from '@/components/Spinner';
import { formatAmount } from '@/features/tx/amount';
import { latestOrder, orderPagePath, orderRef, type OrderPageKind } from '@/features/tx/orderPick';
import { useWalletModal } from '@/wallet/modalStore';
import { useUserAddress } from '@/wallet/store';
import '@/features/history/history.css';
import './orderPages.css';
import { OrderTransfers } from '@/features/history/historySection';
import { BridgeToLink } from '@/features/network-list/BridgeToLink';
import { networkRefOf } from '@/features/network-list/bridgeOffer';

function OrderFacts({ order, chains }: { order: Order; chains: readonly Chain[] | undefined }) {
  const { t } = useTranslation();
  const name = (id: number): string => chains?.find((c) => c.chain_id === id)?.chain_name ?? String(id);
  const got = order.state === 'completed' ? orderReceived(order) : null;
  return (
    <dl className="order-facts" data-testid="order-facts" data-state={order.state}>
      <div>
        <dt>{t('orderPage.route')}</dt>
        <dd data-testid="order-route">{t('orderPage.routeValue', { from: name(order.src_chain_id), to: name(order.dst_chain_id) })}</dd>
      </div>
      <div>
        <dt>{t('orderPage.sent')}</dt>
        <dd data-testid="order-sent">{`${formatAmount(order.amount, order.decimals)} ${order.token}`}</dd>
      </div>
      <div>
        <dt>{t('orderPage.received')}</dt>
        <dd data-testid="order-received">{got ? `${formatAmount(got.raw, got.decimals)} ${got.token || order.token}` : t('common.none')}</dd>
      </div>
      <div>
        <dt>{t('orderPage.status')}</dt>
        <dd>
          <span className={`order-state order-state--${order.state}`} data-testid="order-page-state">
            {t(`history.states.${order.state}`)}
          </span>
          {order.reason && order.state !== 'completed' ? <span className="muted small"> · {order.reason}</span> : null}
        </dd>
      </div>
      <div>
        <dt>{t('orderPage.transactions')}</dt>
        <dd>
          <OrderTransfers order={order} chains={chains} t={t} />
        </dd>
      </div>
    </dl>
  );
}

/** The order the page shows: the one in the address, else the wallet's latest of the page's kind. */
function useOrderOfPage(kind: OrderPageKind): { order: Order | undefined; loading: boolean; named: boolean } {
  const [params] = useSearchParams();
  const ref = orderRef(params);
  const address = useUserAddress();
  const one = useQuery({
    queryKey: ref ? orderQueryKey(ref.chainId, ref.txHash) : ['bridge-order', 'none'],
    queryFn: ({ signal }) => (ref ? getOrder(ref.chainId, ref.txHash, signal) : null),
    enabled: ref !== null,
    retry: false,
    // While it travels, follow it; a final order does not change.
    refetchInterval: (q) => (q.state.data && FINAL_ORDER_STATES.includes(q.state.data.state) ? false : 3_000),
  });
  const history = useQuery({ ...historyQuery({ address, page: 1, size: 20 }), enabled: ref === null && address !== '' });
  if (ref) return { order: one.data ?? undefined, loading: one.isPending, named: true };
  return { order: latestOrder(history.data?.list ?? [], kind), loading: address !== '' && history.isPending, named: false };
}

function OrderPage({ kind }: { kind: OrderPageKind }) {
  const { t } = useTranslation();
  const address = useUserAddress();
  const showWallets = useWalletModal((s) => s.show);
  const chains = useQuery(chainsQuery());
  const { order, loading, named } = useOrderOfPage(kind);
  const final = order ? FINAL_ORDER_STATES.includes(order.state) : false;
  return (
    <Page title={t(`orderPage.${kind}.title`)} subtitle={t(`orderPage.${kind}.subtitle`)} layout="narrow">
      <Card>
        {loading ? <Spinner label={t('orderPage.loading')} /> : null}
        {!loading && order ? <OrderFacts order={order} chains={chains.data} /> : null}
        {!loading && !order ? (
          <p className="muted" data-testid="order-page-empty">
            {named ? t('orderPage.notSeen') : address ? t(`orderPage.${kind}.none`) : t('orderPage.connectFirst')}
          </p>
        ) : null}
        {kind === 'confirm' && order && !final ? <p className="muted small">{t('orderPage.confirm.waiting')}</p> : null}
        <div className="order-page__actions">
          {!address && !named ? (
            <button type="button" className="btn btn--primary" onClick={showWallets}>
              {t('wallet.connectWallet')}
            </button>
          ) : null}
          {kind === 'confirm' && order && final ? (
            <Link className="btn btn--primary" to={orderPagePath('completed', order)} data-testid="order-page-result">
              {t('orderPage.confirm.result')}
            </Link>
          ) : null}
          {kind === 'completed' && order && !final ? (
            <Link className="btn btn--primary" to={orderPagePath('confirm', order)}>
              {t('orderPage.completed.follow')}
            </Link>
          ) : null}
          {kind === 'completed' && order ? (
            <BridgeToLink {...networkRefOf(chains.data, order.dst_chain_id)} from={networkRefOf(chains.data, order.src_chain_id)} className="btn btn--primary" testId="order-page-again">
              {t('share.bridgeAgain')}
            </BridgeToLink>
          ) : null}
          {!order ? (
            <Link className="btn btn--soft" to="/">
              {t('pages.backHome')}
            </Link>
          ) : null}
          <Link className="btn btn--soft" to="/history">
            {t('orderPage.history')}
          </Link>
        </div>
      </Card>
    </Page>
  );
}

/** /confirm: a transfer on its way, followed until it is final (the one in the address, else the wallet's latest). */
export function ConfirmPage() {
  return <OrderPage kind="confirm" />;
}

/** /completed: what a finished transfer sent and delivered, with its transactions and Bridge Again. */
export function CompletedPage() {
  return <OrderPage kind="completed" />;
}
