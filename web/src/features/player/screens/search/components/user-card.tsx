import type { UserRef } from '@cadenza/contracts/music';
import { useTranslation } from '../../../../../i18n/use-translation';
import { CoverCard } from '../../common/components/cover-card';
import { userUrl } from '../../common/links';

export function UserCard({ user }: { user: UserRef }) {
  const { t } = useTranslation();
  return (
    <CoverCard
      title={user.display_name}
      href={userUrl(user)}
      image={user.avatar}
      kind="user"
      rounded
      subtitle={t('Profile')}
    />
  );
}
