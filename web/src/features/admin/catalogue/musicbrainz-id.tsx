import { useTranslation } from '../../../i18n/use-translation';

/**
 * A MusicBrainz identifier as the file's tags gave it. Shown, not edited: the next scan of the
 * library writes the tags' value again, so a correction belongs in the tags (a tagger such as
 * Picard), where every other player reads it too.
 */
export function MusicBrainzId({
  id,
  entity,
}: {
  id: string | null | undefined;
  entity: 'recording' | 'release' | 'artist';
}) {
  const { t } = useTranslation();
  return (
    <div className="flex flex-col gap-1">
      <p className="text-sm">
        <span className="font-medium">{t('MusicBrainz ID')}</span>{' '}
        {id ? (
          <a
            href={`https://musicbrainz.org/${entity}/${encodeURIComponent(id)}`}
            target="_blank"
            rel="noreferrer noopener"
            className="font-mono text-primary hover:underline"
          >
            {id}
          </a>
        ) : (
          <span className="text-fg-muted">—</span>
        )}
      </p>
      <p className="text-xs text-fg-muted">
        {t('Read from the file’s tags at import; correct it in the tags and scan again.')}
      </p>
    </div>
  );
}
