import type { Playlist, UserRef } from '@cadenza/contracts/music';
import { useTranslation } from '../../../../../i18n/use-translation';
import { CARD_GRID, CardGridSkeleton, CoverCard } from '../../common/components/cover-card';
import { MediaCard } from '../../common/components/media-card';
import { PagedList } from '../../common/components/screen-states';
import { userUrl } from '../../common/links';
import { useProfileTab, type ProfileTab } from '../api/user-profile-api';
import { panelId, tabId } from './profile-tabs';

function useEmptyMessage(tab: ProfileTab, isOwn: boolean): string {
  const { t } = useTranslation();
  if (isOwn) {
    return {
      playlists: t('Playlists you create show up here.'),
      followers: t('Nobody follows you yet: share a playlist to get noticed.'),
      following: t('Follow people to keep up with what they listen to.'),
    }[tab];
  }
  return {
    playlists: t('No public playlists yet.'),
    followers: t('No followers yet: be the first to follow.'),
    following: t('Not following anyone yet.'),
  }[tab];
}

/** The content of one profile tab: a grid of playlists or of people, loaded page by page. */
export function ProfileTabPanel({
  userId,
  tab,
  isOwn,
}: {
  userId: number;
  tab: ProfileTab;
  isOwn: boolean;
}) {
  const { t } = useTranslation();
  const query = useProfileTab(userId, tab);
  const empty = useEmptyMessage(tab, isOwn);
  const isPeople = tab !== 'playlists';

  return (
    <div
      role="tabpanel"
      id={panelId(tab)}
      aria-labelledby={tabId(tab)}
      aria-busy={query.isPending}
      tabIndex={0}
      className="outline-none"
    >
      <PagedList query={query} skeleton={<CardGridSkeleton rounded={isPeople} />} empty={empty}>
        {(items) => (
          <ul className={CARD_GRID}>
            {items.map((item) => (
              <li key={item.id}>
                {isPeople ? (
                  <CoverCard
                    title={(item as UserRef).display_name}
                    href={userUrl(item as UserRef)}
                    image={(item as UserRef).avatar}
                    kind="user"
                    rounded
                    subtitle={t('Profile')}
                  />
                ) : (
                  <MediaCard item={item as Playlist} />
                )}
              </li>
            ))}
          </ul>
        )}
      </PagedList>
    </div>
  );
}
