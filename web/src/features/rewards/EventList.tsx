import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Card } from '@/components/Card';
import { Tag } from '@/components/Tag';

const EVENTS = [
  { titleKey: 'events.owlympics', path: '/owlympics' },
  { titleKey: 'events.owlmazing', path: '/owlmazing' },
] as const;

/** The product's event list: Metaverse Owlympics and Owlmazing Summer, both ended. */
export function EventList() {
  const { t } = useTranslation();
  return (
    <Card title={t('rewards.events')}>
      <ul className="event-list">
        {EVENTS.map((e) => (
          <li key={e.path}>
            <Link to={e.path} className="event-list__item">
              <span>{t(e.titleKey)}</span>
              <Tag tone="muted">{t('rewards.ended')}</Tag>
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
