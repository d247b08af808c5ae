import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Modal } from '@/components/Modal';
import { Spinner } from '@/components/Spinner';
import { copyText } from '@/lib/clipboard';
import { qrMatrix, qrPath } from '@/lib/qr';
import type { WalletConnectPairing } from '@/wallet/walletConnectStore';
import { CopyStatus, type CopyState } from './CopyStatus';

const MARGIN = 2;

function QrImage({ uri }: { uri: string }) {
  const { t } = useTranslation();
  const [matrix, setMatrix] = useState<boolean[][] | null>(null);
  useEffect(() => {
    let live = true;
    void qrMatrix(uri).then((m) => live && setMatrix(m));
    return () => {
      live = false;
    };
  }, [uri]);
  if (!matrix) return <Spinner label={t('wallet.qrWaiting')} />;
  const size = matrix.length + 2 * MARGIN;
  return (
    <svg className="wallet-qr__image" role="img" aria-label={t('wallet.qrImage')} data-testid="wallet-qr" data-modules={matrix.length} viewBox={`0 0 ${size} ${size}`} width={240} height={240} shapeRendering="crispEdges">
      <rect width={size} height={size} fill="#fff" />
      <path d={qrPath(matrix, MARGIN)} fill="#000" />
    </svg>
  );
}

/** 'Scan to use {wallet}' with the pairing link as a QR code and a Copy Link action. */
export function WalletQrModal({ open, walletName, pairing, onClose }: { open: boolean; walletName: string; pairing: WalletConnectPairing; onClose: () => void }) {
  const { t } = useTranslation();
  const [copy, setCopy] = useState<CopyState>('idle');
  const uri = pairing.status === 'ready' ? pairing.uri : '';
  useEffect(() => setCopy('idle'), [uri]);
  return (
    <Modal open={open} onClose={onClose} title={t('wallet.qrTitle', { wallet: walletName })}>
      <div className="wallet-qr">
        {pairing.status === 'ready' ? <QrImage uri={pairing.uri} /> : null}
        {pairing.status === 'pairing' || pairing.status === 'idle' ? <Spinner label={t('wallet.qrWaiting')} /> : null}
        {pairing.status === 'timeout' ? (
          <p role="alert" className="form-error">
            {t('wallet.qrTimeout')}
          </p>
        ) : null}
        {pairing.status === 'failed' ? (
          <p role="alert" className="form-error">
            {t('wallet.qrFailed', { reason: pairing.reason })}
          </p>
        ) : null}
        <p className="muted small">{t('wallet.qrHint')}</p>
        <button type="button" className="btn btn--ghost" disabled={!uri} onClick={() => void copyText(uri).then((ok) => setCopy(ok ? 'ok' : 'failed'))}>
          {t('wallet.copyLink')}
        </button>
        <CopyStatus state={copy} />
      </div>
    </Modal>
  );
}
