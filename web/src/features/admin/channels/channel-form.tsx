import {
  CHANNEL_CONTENT_TYPES,
  CHANNEL_LAYOUTS,
  CHANNEL_PAGING,
  CHANNEL_SORTS,
  CHANNEL_QUERIES,
} from '@cadenza/contracts/music';
import { Home } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { Link, useNavigate, useParams } from 'react-router';
import { isApiError } from '../../../api/api-error';
import { showError } from '../../../app/error-handling/handle-error';
import { PageLoadError } from '../../../app/page-load-error';
import { Button } from '../../../ui/button';
import { SearchPicker } from '../../../ui/search-picker';
import { Select, SelectItem } from '../../../ui/select';
import { Skeleton } from '../../../ui/skeleton';
import { TextArea } from '../../../ui/text-area';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast/toast-store';
import { useSaveSettings } from '../settings/settings-api';
import {
  findItems,
  useChannelForEditor,
  useChannelWrites,
  useResolvedChannel,
  type ChannelDraft,
} from './channels-api';
import {
  CONTENT_LABELS,
  LAYOUT_LABELS,
  PAGING_LABELS,
  QUERY_LABELS,
  SORT_LABELS,
} from './channel-labels';
import { HandPicked } from './hand-picked-items';

const slugOf = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');

const EMPTY: ChannelDraft = {
  name: '',
  slug: '',
  description: null,
  content_type: 'track',
  layout: 'grid',
  paging: 'infinite',
  sort: 'curated',
  query: 'topTracks',
  query_value: null,
  query_limit: 20,
  items: [],
};

/** /admin/channels/new and /admin/channels/:channelId: a channel loaded, then its form. */
export function ChannelEditor() {
  const { channelId } = useParams();
  const id = channelId ? Number(channelId) : null;
  const loaded = useChannelForEditor(id);
  if (id !== null && loaded.isPending) return <Skeleton className="mx-auto h-96 max-w-[780px]" />;
  if (id !== null && loaded.isError) {
    return <PageLoadError inScreen onRetry={() => void loaded.refetch()} />;
  }
  const initial: ChannelDraft = loaded.data
    ? {
        name: loaded.data.channel.name,
        slug: loaded.data.channel.slug,
        description: loaded.data.channel.description,
        content_type: loaded.data.channel.content_type,
        layout: loaded.data.channel.layout,
        paging: loaded.data.channel.paging,
        sort: loaded.data.channel.sort,
        query: loaded.data.channel.query,
        query_value: loaded.data.channel.query_value,
        query_limit: loaded.data.query_limit,
        items: loaded.data.items,
      }
    : EMPTY;
  return (
    <ChannelForm
      key={id ?? 'new'}
      id={id}
      initial={initial}
      playlistName={loaded.data?.query_value_name ?? null}
    />
  );
}

function ChannelForm({
  id,
  initial,
  playlistName,
}: {
  id: number | null;
  initial: ChannelDraft;
  playlistName: string | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { save } = useChannelWrites();
  const saveSettings = useSaveSettings();
  const [draft, setDraft] = useState<ChannelDraft>(initial);
  const [slugTouched, setSlugTouched] = useState(id !== null);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [version, setVersion] = useState(0);
  const preview = useResolvedChannel(id, version);
  const byHand = draft.query === null;
  const byPlaylist = draft.query === 'playlistTracks';
  const [playlist, setPlaylist] = useState(playlistName);
  const change = (patch: Partial<ChannelDraft>) =>
    setDraft((current) => ({ ...current, ...patch }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (!draft.name.trim()) problems.name = t('Give the channel a name.');
    if (!draft.slug) problems.slug = t('Give the channel an address.');
    if (byPlaylist && !draft.query_value) problems.query_value = t('Choose a playlist.');
    setErrors(problems);
    if (Object.keys(problems).length > 0) return;
    save.mutate(
      { id, draft: { ...draft, items: byHand ? draft.items : [] } },
      {
        onSuccess: ({ channel }) => {
          toast.positive(id ? t('Channel saved') : t('Channel created'));
          setVersion((v) => v + 1);
          if (!id) void navigate(`../${channel.id}`, { replace: true });
        },
        onError: (error) => {
          if (isApiError(error) && Object.keys(error.fieldErrors).length > 0) {
            setErrors(error.fieldErrors);
          } else showError(error, t);
        },
      },
    );
  };

  const setAsHomepage = () =>
    saveSettings.mutate(
      { 'homepage.type': 'channel', 'homepage.value': draft.slug },
      {
        onSuccess: () => toast.positive(t('{{name}} is now the homepage', { name: draft.name })),
        onError: (error) => showError(error, t),
      },
    );

  return (
    <form onSubmit={submit} noValidate className="mx-auto flex max-w-[780px] flex-col gap-5">
      <header className="flex flex-wrap items-center gap-3">
        <h1 className="text-2xl font-semibold">{id ? t('Edit channel') : t('New channel')}</h1>
        <Link
          to={id ? '..' : '.'}
          relative="path"
          className="ms-auto text-sm text-fg-muted hover:underline"
        >
          {t('All channels')}
        </Link>
      </header>
      <TextField
        label={t('Name')}
        required
        value={draft.name}
        errorMessage={errors.name}
        onChange={(event) =>
          change({
            name: event.target.value,
            ...(slugTouched ? {} : { slug: slugOf(event.target.value) }),
          })
        }
      />
      <TextField
        label={t('Address')}
        required
        description={t('Lowercase letters, numbers and hyphens.')}
        startAdornment="/channel/"
        value={draft.slug}
        errorMessage={errors.slug}
        onChange={(event) => {
          setSlugTouched(true);
          change({ slug: event.target.value });
        }}
      />
      <TextArea
        label={t('Description')}
        rows={2}
        value={draft.description ?? ''}
        onChange={(description) => change({ description: description || null })}
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <Select
          label={t('Content')}
          value={draft.content_type}
          onValueChange={(type) =>
            change({ content_type: type as ChannelDraft['content_type'], items: [] })
          }
        >
          {CHANNEL_CONTENT_TYPES.map((type) => (
            <SelectItem key={type} value={type}>
              {t(CONTENT_LABELS[type])}
            </SelectItem>
          ))}
        </Select>
        <Select
          label={t('Layout')}
          value={draft.layout}
          onValueChange={(layout) => change({ layout: layout as ChannelDraft['layout'] })}
        >
          {CHANNEL_LAYOUTS.map((layout) => (
            <SelectItem key={layout} value={layout}>
              {t(LAYOUT_LABELS[layout])}
            </SelectItem>
          ))}
        </Select>
        <Select
          label={t('Paging')}
          description={t("How the channel's own page brings more items.")}
          value={draft.paging}
          onValueChange={(paging) => change({ paging: paging as ChannelDraft['paging'] })}
        >
          {CHANNEL_PAGING.map((paging) => (
            <SelectItem key={paging} value={paging}>
              {t(PAGING_LABELS[paging])}
            </SelectItem>
          ))}
        </Select>
      </div>
      <Select
        label={t('Filled')}
        value={draft.query ?? 'hand'}
        onValueChange={(value) => {
          const query = value === 'hand' ? null : (value as ChannelDraft['query']);
          change({
            query,
            query_value: null,
            ...(query === 'playlistTracks' ? { content_type: 'track' as const, items: [] } : {}),
          });
          setPlaylist(null);
        }}
      >
        <SelectItem value="hand">{t('By hand')}</SelectItem>
        {CHANNEL_QUERIES.map((query) => (
          <SelectItem key={query} value={query}>
            {t('By query: {{name}}', { name: t(QUERY_LABELS[query]) })}
          </SelectItem>
        ))}
      </Select>
      {byPlaylist && (
        <SearchPicker
          legend={t('Playlist')}
          chosen={playlist}
          hint={t('No playlist chosen yet. Only public playlists can be shown.')}
          searchLabel={t('Find playlists')}
          resultsLabel={t('Playlists found')}
          find={(query) => findItems('playlist', query)}
          onChoose={(chosen) => {
            setPlaylist(chosen.name);
            change({ query_value: String(chosen.id) });
          }}
          onFailure={(failure) => showError(failure, t)}
          error={errors.query_value}
        />
      )}
      {!byHand && (
        <TextField
          label={t('Number of items')}
          description={t('How many items the query brings, from 1 to 100.')}
          type="number"
          min={1}
          max={100}
          value={String(draft.query_limit)}
          errorMessage={errors.query_limit}
          onChange={(event) => change({ query_limit: Number(event.target.value) })}
          className="sm:max-w-48"
        />
      )}
      <Select
        label={t('Order')}
        description={
          byHand
            ? t('How visitors see the items; the editor keeps them as placed.')
            : byPlaylist
              ? t('The whole playlist, in its own order or another.')
              : t(
                  "In another order than the query's, the query picks the first items and this orders them.",
                )
        }
        value={draft.sort}
        onValueChange={(sort) => change({ sort: sort as ChannelDraft['sort'] })}
        className="sm:max-w-96"
      >
        {CHANNEL_SORTS.map((sort) => (
          <SelectItem key={sort} value={sort}>
            {sort === 'curated' && !byHand
              ? byPlaylist
                ? t("The playlist's order")
                : t("The query's order")
              : t(SORT_LABELS[sort])}
          </SelectItem>
        ))}
      </Select>
      {byHand && (
        <HandPicked
          type={draft.content_type}
          items={draft.items}
          names={
            new Map(
              (preview.data?.content?.data ?? []).map((item) => [
                `${item.model_type}:${item.id}`,
                item.name,
              ]),
            )
          }
          error={errors.items}
          onChange={(items) => change({ items })}
        />
      )}
      <div className="flex flex-wrap gap-3">
        <Button type="submit" isLoading={save.isPending}>
          {id ? t('Save') : t('Create')}
        </Button>
        {id && (
          <Button
            variant="outline"
            startIcon={<Home size={16} />}
            isLoading={saveSettings.isPending}
            onClick={setAsHomepage}
          >
            {t('Set as homepage')}
          </Button>
        )}
      </div>
      {id && (
        <section
          aria-labelledby="channel-preview"
          className="flex flex-col gap-2 border-t border-border pt-4"
        >
          <h2 id="channel-preview" className="text-xl font-semibold">
            {t('Preview')}
          </h2>
          <p className="text-sm text-fg-muted">{t('What visitors see now, as saved.')}</p>
          {preview.isPending ? (
            <Skeleton className="h-24" />
          ) : (preview.data?.content?.data.length ?? 0) === 0 ? (
            <p className="text-sm">{t('Nothing to show yet.')}</p>
          ) : (
            <ol className="list-decimal ps-6 text-sm">
              {preview.data?.content?.data.map((item) => (
                <li key={`${item.model_type}:${item.id}`}>{item.name}</li>
              ))}
            </ol>
          )}
        </section>
      )}
    </form>
  );
}
