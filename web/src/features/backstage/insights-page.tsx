import type { Insights } from '@cadenza/contracts/backstage';
import { DAY_MS } from '@cadenza/contracts/time';
import { useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useParams, useSearchParams } from 'react-router';
import { PageLoadError } from '../../app/page-load-error';
import { formatDate } from '../../i18n/format';
import { Button } from '../../ui/button';
import { Select, SelectItem } from '../../ui/select';
import { Skeleton } from '../../ui/skeleton';
import { useInsights, useReleases, type InsightsQuery } from './releases-api';

const RANGES = [7, 28, 90, 365] as const;
const ALL = 'all';

const isoDay = (time: number) => new Date(time).toISOString().slice(0, 10);

/**
 * /backstage/artists/:id/insights: what listeners did with the artist's music over a range;
 * `?album=` or `?track=` narrows it to one release or one track.
 */
export function InsightsPage() {
  const { t } = useTranslation();
  const artistId = Number(useParams().artistId);
  const [params, setParams] = useSearchParams();
  const days = RANGES.find((value) => String(value) === params.get('days')) ?? 28;
  const album = Number(params.get('album')) || null;
  const track = Number(params.get('track')) || null;
  // The range ends today as of opening the page, so its figures hold still while read.
  const [today] = useState(() => Date.now());
  const query: InsightsQuery = {
    scope: track ? 'track' : album ? 'album' : 'artist',
    id: track ?? album ?? artistId,
    from: isoDay(today - (days - 1) * DAY_MS),
    to: isoDay(today),
  };
  const insights = useInsights(query);
  const releases = useReleases(artistId);

  const change = (next: Record<string, string | null>) => {
    const merged = new URLSearchParams(params);
    for (const [key, value] of Object.entries(next)) {
      if (value === null) merged.delete(key);
      else merged.set(key, value);
    }
    setParams(merged, { replace: true });
  };

  return (
    <section aria-labelledby="insights-title" className="flex flex-col gap-6">
      <div className="flex flex-wrap items-end gap-3">
        <h2 id="insights-title" className="me-auto text-lg font-semibold">
          {t('Insights')}
          {insights.data && query.scope !== 'artist' && (
            <span className="text-fg-muted"> · {insights.data.name}</span>
          )}
        </h2>
        <Select
          label={t('Music')}
          size="sm"
          value={album && !track ? String(album) : ALL}
          onValueChange={(value) => change({ album: value === ALL ? null : value, track: null })}
          className="w-56"
        >
          <SelectItem value={ALL}>{t('All music')}</SelectItem>
          {(releases.data?.releases ?? []).map((release) => (
            <SelectItem key={release.id} value={String(release.id)}>
              {release.name}
            </SelectItem>
          ))}
        </Select>
        <Select
          label={t('Range')}
          size="sm"
          value={String(days)}
          onValueChange={(value) => change({ days: value })}
          className="w-44"
        >
          {RANGES.map((value) => (
            <SelectItem key={value} value={String(value)}>
              {t('Last {{count}} days', { count: value })}
            </SelectItem>
          ))}
        </Select>
      </div>
      {track && (
        <Button
          variant="text"
          size="sm"
          className="self-start"
          onClick={() => change({ track: null })}
        >
          {t('Back to all tracks')}
        </Button>
      )}
      {insights.isError ? (
        <PageLoadError inScreen onRetry={() => void insights.refetch()} />
      ) : !insights.data ? (
        <Skeleton className="h-96" />
      ) : (
        <Figures insights={insights.data} onTrack={(id) => change({ track: String(id) })} />
      )}
    </section>
  );
}

function Figures({ insights, onTrack }: { insights: Insights; onTrack: (id: number) => void }) {
  const { t, i18n } = useTranslation();
  const regions = new Intl.DisplayNames([i18n.language], { type: 'region' });
  const countries = insights.countries.map((row) => ({
    ...row,
    name: regions.of(row.name) ?? row.name,
  }));
  const { totals } = insights;
  const cards = [
    [t('Plays'), totals.plays],
    [t('Listeners'), totals.listeners],
    [t('Saves'), totals.saves],
    [t('Playlist adds'), totals.playlist_adds],
    ...(totals.followers_gained !== null ? [[t('New followers'), totals.followers_gained]] : []),
  ] as [string, number][];
  return (
    <div className="flex flex-col gap-8">
      <dl className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5">
        {cards.map(([label, value]) => (
          <div key={label} className="rounded-lg border border-border p-4">
            <dt className="text-sm text-fg-muted">{label}</dt>
            <dd className="text-2xl font-semibold tabular-nums">{value.toLocaleString()}</dd>
          </div>
        ))}
      </dl>
      <PlaysChart days={insights.plays_by_day} />
      <div className="grid gap-8 md:grid-cols-2">
        {insights.top_tracks.length > 0 && (
          <Breakdown
            title={t('Top tracks')}
            rows={insights.top_tracks.map((track) => ({
              name: track.name,
              count: track.plays,
              action: () => onTrack(track.id),
            }))}
          />
        )}
        <Breakdown title={t('Countries')} rows={countries} />
        <Breakdown title={t('Cities')} rows={insights.cities} />
        <Breakdown title={t('Devices')} rows={insights.devices} />
        <Breakdown title={t('Browsers')} rows={insights.browsers} />
        <Breakdown title={t('Platforms')} rows={insights.platforms} />
      </div>
    </div>
  );
}

/** Plays per day as bars, with the figures in a table for screen readers. */
function PlaysChart({ days }: { days: Insights['plays_by_day'] }) {
  const { t } = useTranslation();
  const highest = Math.max(1, ...days.map((day) => day.plays));
  const width = 100 / days.length;
  return (
    <figure className="flex flex-col gap-2">
      <figcaption className="font-semibold">{t('Plays by day')}</figcaption>
      <div className="flex gap-2">
        <span className="text-xs text-fg-muted tabular-nums">{highest}</span>
        <svg
          viewBox="0 0 100 40"
          preserveAspectRatio="none"
          aria-hidden
          className="h-48 w-full rounded-md bg-bg-elevated"
        >
          {days.map((day, index) => {
            const height = (day.plays / highest) * 38;
            return (
              <rect
                key={day.date}
                x={index * width + width * 0.15}
                y={40 - height}
                width={width * 0.7}
                height={height}
                className="fill-primary"
              >
                <title>{`${day.date}: ${day.plays}`}</title>
              </rect>
            );
          })}
        </svg>
      </div>
      <div className="flex justify-between ps-6 text-xs text-fg-muted">
        <span>{formatDate(days[0]?.date, 'short', { timeZone: 'UTC' })}</span>
        <span>{formatDate(days.at(-1)?.date, 'short', { timeZone: 'UTC' })}</span>
      </div>
      <table className="sr-only">
        <caption>{t('Plays by day')}</caption>
        <thead>
          <tr>
            <th scope="col">{t('Day')}</th>
            <th scope="col">{t('Plays')}</th>
          </tr>
        </thead>
        <tbody>
          {days.map((day) => (
            <tr key={day.date}>
              <td>{day.date}</td>
              <td>{day.plays}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </figure>
  );
}

/** A ranked list with bars in proportion to the first. */
function Breakdown({
  title,
  rows,
}: {
  title: string;
  rows: { name: string; count: number; action?: () => void }[];
}) {
  const { t } = useTranslation();
  const highest = Math.max(1, ...rows.map((row) => row.count));
  return (
    <section aria-label={title} className="flex flex-col gap-2">
      <h3 className="font-semibold">{title}</h3>
      {rows.length === 0 ? (
        <p className="text-sm text-fg-muted">{t('Nothing in this range yet.')}</p>
      ) : (
        <ol className="flex flex-col gap-1.5">
          {rows.map((row) => (
            <li key={row.name} className="flex flex-col gap-0.5 text-sm">
              <span className="flex justify-between gap-3">
                {row.action ? (
                  <button
                    type="button"
                    onClick={row.action}
                    className="truncate text-start hover:underline"
                  >
                    {row.name}
                  </button>
                ) : (
                  <span className="truncate">{row.name}</span>
                )}
                <span className="text-fg-muted tabular-nums">{row.count.toLocaleString()}</span>
              </span>
              <span className="h-1.5 rounded-full bg-bg-elevated">
                <span
                  className="block h-full rounded-full bg-primary"
                  style={{ width: `${(row.count / highest) * 100}%` }}
                />
              </span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
