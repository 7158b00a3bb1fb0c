import type { UserProfile } from '@cadenza/contracts/music';
import { useTranslation } from '../../../../../i18n/use-translation';
import { Skeleton } from '../../../../../ui/skeleton';
import { ProfileAvatar } from './profile-avatar';
import { ProfileFollowButton } from './profile-follow-button';

/** Avatar, name, follower counts and, on someone else's profile, Follow / Unfollow. */
export function ProfileHeader({ user, isOwn }: { user: UserProfile; isOwn: boolean }) {
  const { t } = useTranslation();
  return (
    <header className="bg-[linear-gradient(to_bottom,var(--bg-hover),var(--bg))] px-4 pt-10 pb-6 md:px-8 md:pt-16">
      <div className="flex flex-col items-center gap-6 md:flex-row md:items-end">
        <ProfileAvatar
          name={user.display_name}
          src={user.avatar}
          className="w-40 shadow-[0_8px_40px_rgb(0_0_0/0.35)] md:w-52"
        />
        <div className="flex min-w-0 flex-col items-center gap-3 text-center md:items-start md:text-start">
          <div className="text-sm font-medium text-fg-muted">{t('Profile')}</div>
          <h1 className="text-3xl font-extrabold tracking-tight text-balance break-words md:text-5xl">
            {user.display_name}
          </h1>
          <p className="text-sm text-fg-muted tabular-nums">
            <span>
              {t('{{count}} followers', {
                count: user.followers_count,
                defaultValue_one: '{{count}} follower',
                defaultValue_other: '{{count}} followers',
              })}
            </span>
            <span aria-hidden className="mx-2">
              •
            </span>
            <span>{t('{{count}} following', { count: user.following_count })}</span>
          </p>
          {!isOwn && (
            <div className="pt-1">
              <ProfileFollowButton userId={user.id} followed={user.is_followed} />
            </div>
          )}
        </div>
      </div>
    </header>
  );
}

export function ProfileHeaderSkeleton() {
  return (
    <div
      aria-hidden
      className="flex flex-col items-center gap-6 px-4 pt-10 pb-6 md:flex-row md:items-end md:px-8 md:pt-16"
    >
      <Skeleton variant="circle" className="w-40 md:w-52" />
      <div className="flex w-full max-w-sm flex-col items-center gap-3 md:items-start">
        <Skeleton variant="text" className="w-16 text-sm" />
        <Skeleton variant="text" className="w-64 text-5xl" />
        <Skeleton variant="text" className="w-40 text-sm" />
      </div>
    </div>
  );
}
