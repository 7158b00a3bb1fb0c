import { UserX } from 'lucide-react';
import { useEffect } from 'react';
import { useTranslation } from '../../../../i18n/use-translation';
import { Link, useLocation, useNavigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../../../api/api-error';
import { useAuthUser } from '../../../../api/bootstrap';
import { Button } from '../../../../ui/button';
import {
  ScreenLayout,
  ScreenLoadError,
  ScreenNotice,
  ScreenSkeleton,
} from '../common/components/screen-layout';
import { userUrl } from '../common/links';
import { PROFILE_TABS, useUserProfile, type ProfileTab } from './api/user-profile-api';
import { ProfileHeader, ProfileHeaderSkeleton } from './components/profile-header';
import { ProfileTabPanel } from './components/profile-tab-panel';
import { ProfileTabs } from './components/profile-tabs';

/** A user's public profile (`/user/{id}/{slug}`): header, then playlists, followers, following. */
export function UserProfileScreen() {
  const { t } = useTranslation();
  const params = useParams();
  const id = Number(params.id);
  const valid = Number.isInteger(id) && id > 0;
  const query = useUserProfile(valid ? id : 0);
  const viewer = useAuthUser();
  const [search, setSearch] = useSearchParams();
  const tab: ProfileTab = (PROFILE_TABS as readonly string[]).includes(search.get('tab') ?? '')
    ? (search.get('tab') as ProfileTab)
    : 'playlists';
  const location = useLocation();
  const navigate = useNavigate();
  const user = query.data?.user;

  // The id decides what is shown; the slug is kept readable and current (spec §5 slug rules).
  useEffect(() => {
    if (!user) return;
    const canonical = userUrl(user);
    if (location.pathname !== canonical) {
      void navigate({ pathname: canonical, search: location.search }, { replace: true });
    }
  }, [user, location.pathname, location.search, navigate]);

  if (!valid || (query.error instanceof ApiError && query.error.status === 404)) {
    return (
      <ScreenNotice
        icon={UserX}
        message={t('This profile does not exist')}
        description={t('The link may be broken, or the account was deleted.')}
        action={
          <Button asChild radius="full" variant="outline">
            <Link to="/discover">{t('Discover music')}</Link>
          </Button>
        }
      />
    );
  }
  if (query.isPending) {
    return (
      <ScreenSkeleton header={<ProfileHeaderSkeleton />} className="sr-only">
        {t('Loading')}
      </ScreenSkeleton>
    );
  }
  if (query.isError || !user)
    return <ScreenLoadError error={query.error} onRetry={() => void query.refetch()} />;

  const isOwn = viewer?.id === user.id;
  return (
    <ScreenLayout label={user.display_name} header={<ProfileHeader user={user} isOwn={isOwn} />}>
      <ProfileTabs
        active={tab}
        onChange={(next) => setSearch(next === 'playlists' ? {} : { tab: next }, { replace: true })}
      />
      <ProfileTabPanel key={tab} userId={user.id} tab={tab} isOwn={isOwn} />
    </ScreenLayout>
  );
}
