import type { SearchResults } from '@cadenza/contracts/music';
import { SEARCH_TYPES, type SearchType } from '@cadenza/contracts/music-constants';
import { useTranslation } from '../../../../i18n/use-translation';
import { Link, useParams } from 'react-router';
import { CARD_GRID, CardGridSkeleton } from '../common/components/cover-card';
import { MediaCardGrid } from '../common/components/media-card';
import { ScreenLayout } from '../common/components/screen-layout';
import { EmptyMessage, LoadError, LoadMore, Section } from '../common/components/screen-states';
import { SectionLinks } from '../common/components/section-links';
import { TrackTable, TrackTableSkeleton } from '../common/components/track-table';
import { searchUrl } from '../common/links';
import { SEARCH_ALL_PAGE_SIZE, useSearchAll, useSearchType } from './api/search-api';
import { UserCard } from './components/user-card';

type Tab = 'all' | SearchType;
const TABS: readonly Tab[] = ['all', ...SEARCH_TYPES];

function useTabLabels(): Record<Tab, string> {
  const { t } = useTranslation();
  return {
    all: t('All'),
    tracks: t('Songs'),
    artists: t('Artists'),
    albums: t('Albums'),
    playlists: t('Playlists'),
    users: t('Profiles'),
  };
}

export function SearchScreen() {
  const { t } = useTranslation();
  const params = useParams();
  const query = params.query ?? '';
  const tab: Tab = (SEARCH_TYPES as readonly string[]).includes(params.tab ?? '')
    ? (params.tab as SearchType)
    : 'all';
  const labels = useTabLabels();

  return (
    <ScreenLayout>
      <h1 className="sr-only">{t('Search results for “{{query}}”', { query })}</h1>
      <SectionLinks
        label={t('Result types')}
        sections={TABS}
        current={tab}
        labels={labels}
        href={(item) => searchUrl(query, item === 'all' ? undefined : item)}
        className="sticky top-0 z-20 -mx-4 bg-bg px-4 py-4 md:-mx-8 md:px-8"
      />
      {tab === 'all' ? (
        <AllResults query={query} />
      ) : (
        <TypeResults key={tab} query={query} type={tab} />
      )}
    </ScreenLayout>
  );
}

function hasAny(results: SearchResults['results']) {
  return Object.values(results).some((page) => (page?.data.length ?? 0) > 0);
}

function AllResults({ query }: { query: string }) {
  const { t } = useTranslation();
  const labels = useTabLabels();
  const search = useSearchAll(query, SEARCH_ALL_PAGE_SIZE);
  if (search.isPending) return <SearchSkeleton />;
  if (search.isError)
    return <LoadError error={search.error} onRetry={() => void search.refetch()} />;
  const { results } = search.data;
  if (!hasAny(results)) {
    return (
      <EmptyMessage>
        {t('No results for “{{query}}”. Check the spelling or try fewer words.', { query })}
      </EmptyMessage>
    );
  }
  const seeAll = (type: SearchType) => (
    <Link to={searchUrl(query, type)} className="hover:text-fg hover:underline">
      {t('See all')}
    </Link>
  );
  return (
    <>
      {(results.tracks?.data.length ?? 0) > 0 && (
        <Section title={labels.tracks} action={seeAll('tracks')} className="mt-2">
          <TrackTable
            tracks={results.tracks!.data.slice(0, 5)}
            context={{ type: 'search', id: query }}
            label={labels.tracks}
          />
        </Section>
      )}
      {(['artists', 'albums', 'playlists', 'users'] as const).map((type) =>
        (results[type]?.data.length ?? 0) > 0 ? (
          <Section key={type} title={labels[type]} action={seeAll(type)}>
            <CardList type={type} results={results} />
          </Section>
        ) : null,
      )}
    </>
  );
}

function CardList({
  type,
  results,
}: {
  type: Exclude<SearchType, 'tracks'>;
  results: SearchResults['results'];
}) {
  if (type !== 'users') return <MediaCardGrid items={results[type]?.data ?? []} />;
  return (
    <ul className={CARD_GRID}>
      {results.users?.data.map((user) => (
        <li key={user.id}>
          <UserCard user={user} />
        </li>
      ))}
    </ul>
  );
}

function TypeResults({ query, type }: { query: string; type: SearchType }) {
  const { t } = useTranslation();
  const search = useSearchType(query, type);
  if (search.isPending) return type === 'tracks' ? <TrackTableSkeleton /> : <SearchSkeleton />;
  if (search.isError)
    return <LoadError error={search.error} onRetry={() => void search.refetch()} />;
  const pages = search.data.pages.map((page) => page.results);
  const merged: SearchResults['results'] = {
    [type]: {
      ...pages[0]![type]!,
      data: pages.flatMap((page) => (page[type]?.data ?? []) as never[]),
    },
  };
  const count = merged[type]?.data.length ?? 0;
  return (
    <div className="mt-2">
      {count === 0 ? (
        <EmptyMessage>
          {t('No results for “{{query}}”. Check the spelling or try fewer words.', { query })}
        </EmptyMessage>
      ) : type === 'tracks' ? (
        <TrackTable tracks={merged.tracks!.data} context={{ type: 'search', id: query }} />
      ) : (
        <CardList type={type} results={merged} />
      )}
      <LoadMore
        hasMore={search.hasNextPage}
        isLoading={search.isFetchingNextPage}
        onLoadMore={() => void search.fetchNextPage()}
      />
    </div>
  );
}

function SearchSkeleton() {
  return (
    <div aria-busy className="mt-2">
      <TrackTableSkeleton rows={4} />
      <div className="mt-10">
        <CardGridSkeleton />
      </div>
    </div>
  );
}
