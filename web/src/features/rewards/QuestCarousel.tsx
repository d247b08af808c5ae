import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { questsQuery } from '@/api/rewardsQueries';
import { Tag } from '@/components/Tag';
import { hideBroken } from './CampaignThemes';
import { activeQuests, rewardTags } from './campaigns';
import { useQuestOffer } from './QuestLink';

/** The 'More Quests' carousel advances every 5 s. */
export const QUEST_CAROUSEL_MS = 5000;

export function QuestCarousel() {
  const { t } = useTranslation();
  const { data } = useQuery(questsQuery());
  const quests = activeQuests(data ?? [], Date.now());
  const [index, setIndex] = useState(0);
  const n = quests.length;

  useEffect(() => {
    if (n < 2) return;
    const timer = setInterval(() => setIndex((i) => (i + 1) % n), QUEST_CAROUSEL_MS);
    return () => clearInterval(timer);
  }, [n]);

  const current = n > 0 ? quests[index % n] : undefined;
  // A slide whose link goes into the bridge to a network without a route says why instead of linking.
  const offer = useQuestOffer(current?.link ?? '');
  if (!current) return null;
  return (
    <section className="quest-carousel" aria-roledescription="carousel" aria-label={t('rewards.moreQuests')}>
      <h3 className="section-label">{t('rewards.moreQuests')}</h3>
      <a className="quest" href={(offer.offered && current.link) || undefined} target="_blank" rel="noreferrer" data-testid="quest-slide" data-index={index % n}>
        {current.img ? <img key={current.img} src={current.img} alt="" className="quest__img" onError={hideBroken} /> : null}
        <div className="quest__body">
          {current.cover_label ? <Tag tone="hot">{current.cover_label}</Tag> : null}
          <strong>{current.maintitle}</strong>
          <span className="muted small">{current.subtitle}</span>
          <span className="quest__tags">
            {rewardTags(current).map((tag) => (
              <Tag key={tag} tone="muted">
                {tag}
              </Tag>
            ))}
          </span>
          {current.userNumValue ? <span className="muted small">{t('rewards.participants', { value: current.userNumValue })}</span> : null}
          {offer.offered ? null : (
            <span className="muted small" data-testid="quest-slide-reason" data-reason={offer.reason}>
              {offer.text}
            </span>
          )}
        </div>
      </a>
      <div className="quest-carousel__dots" role="tablist">
        {quests.map((q, i) => (
          <button
            key={`${q.order}-${i}`}
            type="button"
            role="tab"
            aria-selected={i === index % n}
            aria-label={t('rewards.questN', { n: i + 1 })}
            className={`dot${i === index % n ? ' dot--active' : ''}`}
            onClick={() => setIndex(i)}
          />
        ))}
      </div>
    </section>
  );
}
