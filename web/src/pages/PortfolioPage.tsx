import { useTranslation } from 'react-i18next';
import { Page } from '@/components/Page';
import { usePortfolioAddress } from '@/features/portfolio/addressStore';
import { isEvmAddress } from '@/lib/address';
import { PortfolioView } from '@/features/portfolio/PortfolioView';
import { useWalletStore } from '@/wallet/store';

/** The connected EVM wallet's portfolio, or any address typed in. */
export default function PortfolioPage() {
  const { t } = useTranslation();
  const wallet = useWalletStore((s) => s.address);
  const input = usePortfolioAddress((s) => s.input);
  const setInput = usePortfolioAddress((s) => s.setInput);
  const typed = isEvmAddress(input) ? input : '';
  const walletAddress = wallet && isEvmAddress(wallet) ? wallet : '';
  const address = typed || walletAddress;
  return (
    <Page title={t('portfolio.title')} subtitle={t('portfolio.subtitle')}>
      <div className="portfolio-address">
        <input
          className="input"
          type="text"
          spellCheck={false}
          autoComplete="off"
          aria-label={t('portfolio.addressLabel')}
          placeholder={walletAddress || t('portfolio.addressPlaceholder')}
          value={input}
          onChange={(e) => setInput(e.target.value)}
          aria-invalid={input !== '' && !typed}
          data-testid="portfolio-address"
        />
      </div>
      {input !== '' && !typed ? (
        <p className="muted small" role="alert">
          {t('portfolio.addressInvalid')}
        </p>
      ) : null}
      <PortfolioView address={address} />
    </Page>
  );
}
