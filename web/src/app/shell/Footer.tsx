import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LogoMark } from '@/components/Logo';
import { useChannel } from '@/features/channel/useChannel';
import { LINKS } from '@/lib/config';
import { SocialLinks } from './SocialLinks';

/** The footer's links that open in a new tab, in order (each also names its text key). */
const OUTSIDE_LINKS = ['docs', 'apiSdk', 'brandKit', 'audit'] as const;

/** Footer links and social icons; partner channels show 'Powered by' Perch instead. */
export function Footer({ fixed }: { fixed: boolean }) {
  const { t } = useTranslation();
  const { channel } = useChannel();
  return (
    <footer className={`footer${fixed ? ' footer--fixed' : ''}`}>
      {channel.powered_by ? (
        <div className="footer__inner footer__powered" data-testid="powered-by">
          <span>{t('footer.poweredBy')}</span>
          <a href="/" className="footer__brand">
            <LogoMark size={18} />
            {t('app.name')}
          </a>
        </div>
      ) : (
        <div className="footer__inner">
          <nav className="footer__links" aria-label={t('footer.docs')}>
            {OUTSIDE_LINKS.map((key) => (
              <a key={key} href={LINKS[key]} target="_blank" rel="noreferrer">
                {t(`footer.${key}`)}
              </a>
            ))}
            <Link to="/ecosystem">{t('footer.ecosystem')}</Link>
            <Link to="/status">{t('footer.status')}</Link>
            <Link to="/tos">{t('footer.terms')}</Link>
          </nav>
          <SocialLinks />
        </div>
      )}
    </footer>
  );
}
