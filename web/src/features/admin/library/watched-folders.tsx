import type { WatchedFolder } from '@cadenza/contracts/library';
import { showError } from '../../../app/error-handling/handle-error';
import { PageLoadError } from '../../../app/page-load-error';
import { useTranslation } from '../../../i18n/use-translation';
import { Skeleton } from '../../../ui/skeleton';
import { Switch } from '../../../ui/switch';
import { toast } from '../../../ui/toast/toast-store';
import { useAdminDates } from '../components/admin-dates';
import { useSetWatch, useWatchedFolders } from './library-api';

const STATUS_LABELS: Record<WatchedFolder['status'], string> = {
  off: 'Not watched',
  starting: 'Starting…',
  watching: 'Watching',
  error: 'Stopped by an error',
};

/**
 * The library folders an admin may have watched: files that land in one are imported within
 * seconds (the imports appear in the history below), and files that go are removed.
 */
export function WatchedFolders() {
  const { t } = useTranslation();
  const folders = useWatchedFolders();
  return (
    <section
      aria-labelledby="watched-folders"
      className="flex flex-col gap-3 rounded-lg border border-border p-4 sm:p-6"
    >
      <h2 id="watched-folders" className="text-xl font-semibold">
        {t('Watched folders')}
      </h2>
      <p className="text-sm text-fg-muted">
        {t(
          'Audio files copied into a watched folder are imported within seconds, once their copy is complete; files deleted from it leave the catalogue.',
        )}
      </p>
      {folders.isPending ? (
        <Skeleton className="h-12 w-full" />
      ) : folders.isError ? (
        <PageLoadError inScreen onRetry={() => void folders.refetch()} />
      ) : (
        <ul className="flex flex-col divide-y divide-border">
          {folders.data.map((folder) => (
            <WatchedFolderRow key={folder.path} folder={folder} />
          ))}
        </ul>
      )}
    </section>
  );
}

function WatchedFolderRow({ folder }: { folder: WatchedFolder }) {
  const { t } = useTranslation();
  const dates = useAdminDates();
  const setWatch = useSetWatch();
  return (
    <li className="flex flex-col gap-1 py-3">
      <Switch
        label={t('Watch {{folder}}', { folder: folder.path })}
        checked={folder.watch}
        disabled={setWatch.isPending}
        onCheckedChange={(watch) =>
          setWatch.mutate(
            { folder: folder.path, watch },
            {
              onSuccess: () =>
                toast.positive(watch ? t('The folder is watched') : t('The folder is not watched')),
              onError: (failure) => showError(failure, t),
            },
          )
        }
      />
      <p className="text-sm text-fg-muted" data-testid="watch-status">
        {t(STATUS_LABELS[folder.status])}
        {folder.last_change_at &&
          ` · ${t('Last change {{when}}', { when: dates.dateTime(folder.last_change_at) })}`}
      </p>
      {folder.error && <p className="text-sm text-danger">{folder.error}</p>}
    </li>
  );
}
