import type { Release } from '@cadenza/contracts/backstage';
import { ExternalLink } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { useTranslation } from '../../i18n/use-translation';
import { formatDate } from '../../i18n/format';
import { Button } from '../../ui/button';
import { TextField } from '../../ui/text-field';

/** Publish now, schedule for later, or take down; and delete. */
export function PublishPanel({
  release,
  isPending,
  publishError,
  onPublish,
  onUnpublish,
  onDelete,
}: {
  release: Release;
  isPending: boolean;
  publishError: string | undefined;
  onPublish: (at: string | null) => void;
  onUnpublish: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const [when, setWhen] = useState('');
  const isPublic = release.status === 'published';
  return (
    <section
      aria-labelledby="publishing-title"
      className="flex flex-col gap-3 rounded-lg border border-border p-4"
    >
      <h2 id="publishing-title" className="font-semibold">
        {t('Publishing')}
      </h2>
      <p className="text-sm text-fg-muted">
        {release.status === 'draft' && t('Only you can see this release until it is published.')}
        {release.status === 'scheduled' &&
          release.publish_at &&
          t('Goes out by itself on {{date}}.', { date: formatDate(release.publish_at, 'long') })}
        {release.status === 'published' && t('Listeners can find and play this release.')}
        {release.status === 'unpublished' &&
          t('Taken down: listeners no longer see it. Its plays are kept.')}
      </p>
      {isPublic ? (
        <>
          <Button asChild variant="outline">
            <Link to={`/album/${release.id}`} target="_blank">
              <ExternalLink size={14} aria-hidden />
              {t('Open the public page')}
            </Link>
          </Button>
          <Button variant="outline" isLoading={isPending} onClick={onUnpublish}>
            {t('Unpublish')}
          </Button>
        </>
      ) : (
        <>
          <Button
            isLoading={isPending}
            disabled={release.tracks.length === 0}
            onClick={() => onPublish(null)}
          >
            {t('Publish now')}
          </Button>
          <TextField
            label={t('Or schedule for')}
            type="datetime-local"
            value={when}
            errorMessage={publishError}
            onChange={(event) => setWhen(event.target.value)}
          />
          <Button
            variant="outline"
            disabled={!when || release.tracks.length === 0}
            isLoading={isPending}
            onClick={() => onPublish(new Date(when).toISOString())}
          >
            {t('Schedule')}
          </Button>
          {release.status === 'scheduled' && (
            <Button variant="text" onClick={onUnpublish}>
              {t('Cancel the schedule')}
            </Button>
          )}
        </>
      )}
      <Button variant="danger" onClick={onDelete}>
        {t('Delete release')}
      </Button>
    </section>
  );
}
