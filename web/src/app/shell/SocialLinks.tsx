import { useTranslation } from 'react-i18next';
import { DiscordLogo, GithubLogo, TelegramLogo, XLogo } from '@/components/icons';
import { LINKS } from '@/lib/config';

const SOCIALS = [
  { key: 'social.twitter', href: LINKS.twitter, Icon: XLogo },
  { key: 'social.discord', href: LINKS.discord, Icon: DiscordLogo },
  { key: 'social.telegram', href: LINKS.telegram, Icon: TelegramLogo },
  { key: 'social.github', href: LINKS.github, Icon: GithubLogo },
] as const;

export function SocialLinks() {
  const { t } = useTranslation();
  return (
    <ul className="social-links" aria-label={t('footer.social')}>
      {SOCIALS.map(({ key, href, Icon }) => (
        <li key={key}>
          <a href={href} target="_blank" rel="noreferrer" aria-label={t(key)} className="icon-btn">
            <Icon />
          </a>
        </li>
      ))}
    </ul>
  );
}
