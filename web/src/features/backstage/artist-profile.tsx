import type { Artist } from '@cadenza/contracts/music';
import { MapPin, Mic2 } from 'lucide-react';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { namesFrom } from '../../app/names';
import { showError } from '../../app/error-handling/handle-error';
import { PageLoadError } from '../../app/page-load-error';
import { Button } from '../../ui/button';
import { ImageField } from '../../ui/image-field';
import { LinksField, readLinks, type LinkDraft } from '../../ui/links-field';
import { RichText } from '../../ui/rich-text';
import { RichTextEditor } from '../../ui/rich-text-editor';
import { Skeleton } from '../../ui/skeleton';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast/toast-store';
import { useArtistProfile, useSaveProfile } from './backstage-api';

/** /backstage/artists/:id: an artist's profile as its manager edits it, with a preview. */
export function ArtistProfile() {
  const id = Number(useParams().artistId);
  const profile = useArtistProfile(id);
  if (profile.isError) return <PageLoadError inScreen onRetry={() => void profile.refetch()} />;
  if (!profile.data) return <Skeleton className="mx-auto h-96 max-w-[780px]" />;
  return (
    <ProfileForm key={id} artist={profile.data.artist} canEdit={profile.data.access === 'edit'} />
  );
}

function ProfileForm({ artist, canEdit }: { artist: Artist; canEdit: boolean }) {
  const { t } = useTranslation();
  const { save, picture } = useSaveProfile(artist.id);
  const [bio, setBio] = useState(artist.bio ?? '');
  const [links, setLinks] = useState<LinkDraft[]>(artist.links);
  const [linkErrors, setLinkErrors] = useState<Record<number, string>>({});
  const [genres, setGenres] = useState(
    (artist.genres ?? []).map((genre) => genre.display_name).join(', '),
  );
  const [location, setLocation] = useState(artist.location ?? '');
  const [images, setImages] = useState({
    portrait: artist.image_small,
    header: artist.header_image,
  });
  const [errors, setErrors] = useState<Record<string, string>>({});

  const upload = (kind: 'portrait' | 'header', file: File) =>
    picture.mutate(
      { kind, file },
      {
        onSuccess: ({ artist: saved }) => {
          setImages({ portrait: saved.image_small, header: saved.header_image });
          toast.positive(t('Picture saved'));
        },
        onError: (error) => showError(error, t),
      },
    );

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const read = readLinks(links, t('Enter a full address, starting with https://'));
    setLinks(read.filled);
    setLinkErrors(read.errors);
    if (Object.keys(read.errors).length > 0) return;
    save.mutate(
      {
        bio: bio || null,
        links: read.links,
        genres: namesFrom(genres),
        location: location.trim() || null,
      },
      {
        onSuccess: () => toast.positive(t('Profile saved')),
        onError: (error) => {
          if (isApiError(error) && error.hasFieldErrors) setErrors(error.fieldErrors);
          else showError(error, t);
        },
      },
    );
  };

  return (
    <div className="flex flex-col gap-8">
      <section aria-labelledby="preview" className="flex flex-col gap-2">
        <h2 id="preview" className="text-sm font-semibold text-fg-muted uppercase">
          {t('Preview')}
        </h2>
        <Preview
          name={artist.name}
          portrait={images.portrait}
          header={images.header}
          location={location.trim()}
          bio={bio}
        />
      </section>

      {canEdit ? (
        <form onSubmit={submit} noValidate className="flex max-w-[780px] flex-col gap-5">
          <ImageField
            label={t('Portrait')}
            description={t('A square JPEG, PNG, WebP or GIF picture, 5 MB at most.')}
            url={images.portrait ?? ''}
            isLoading={picture.isPending && picture.variables.kind === 'portrait'}
            onFile={(file) => upload('portrait', file)}
          />
          <ImageField
            label={t('Header image')}
            description={t('A wide picture across the top of your page, 1800 × 600 at best.')}
            url={images.header ?? ''}
            isLoading={picture.isPending && picture.variables.kind === 'header'}
            onFile={(file) => upload('header', file)}
          />
          <div className="flex flex-col gap-1.5">
            <span className="text-sm font-medium">{t('Biography')}</span>
            <RichTextEditor label={t('Biography')} value={bio} onChange={setBio} short />
            {errors.bio && <p className="text-sm text-danger">{errors.bio}</p>}
          </div>
          <TextField
            label={t('Location')}
            description={t('Where you are from, or where you play: a city, a country.')}
            value={location}
            errorMessage={errors.location}
            onChange={(event) => setLocation(event.target.value)}
          />
          <TextField
            label={t('Genres')}
            description={t('Separated by commas, ten at most.')}
            value={genres}
            errorMessage={errors.genres}
            onChange={(event) => setGenres(event.target.value)}
          />
          <LinksField links={links} errors={linkErrors} onChange={setLinks} />
          <div className="flex justify-end">
            <Button type="submit" isLoading={save.isPending}>
              {t('Save profile')}
            </Button>
          </div>
        </form>
      ) : (
        <p className="max-w-[780px] rounded-lg border border-border p-4 text-sm">
          {t('Your role in the label lets you see this profile. Its owner and admins change it.')}
        </p>
      )}
    </div>
  );
}

/** The top of the public artist page, as it will look. */
function Preview({
  name,
  portrait,
  header,
  location,
  bio,
}: {
  name: string;
  portrait: string | null;
  header: string | null;
  location: string;
  bio: string;
}) {
  return (
    <div className="overflow-hidden rounded-lg border border-border">
      <div className="relative isolate flex items-end gap-4 bg-bg-elevated p-5 pt-16 text-white">
        {header && (
          <>
            <img src={header} alt="" className="absolute inset-0 -z-10 size-full object-cover" />
            <div className="absolute inset-0 -z-10 bg-[linear-gradient(to_bottom,rgb(0_0_0/0.1),rgb(0_0_0/0.7))]" />
          </>
        )}
        <div className="flex size-24 shrink-0 items-center justify-center overflow-hidden rounded-full bg-bg-hover shadow-overlay">
          {portrait ? (
            <img src={portrait} alt="" className="size-full object-cover" />
          ) : (
            <Mic2 size={32} aria-hidden className="text-fg-muted" />
          )}
        </div>
        <div className="min-w-0">
          <p className={header ? 'text-3xl font-extrabold' : 'text-3xl font-extrabold text-fg'}>
            {name}
          </p>
          {location && (
            <p
              className={
                header
                  ? 'flex items-center gap-1 text-sm text-white/80'
                  : 'flex items-center gap-1 text-sm text-fg-muted'
              }
            >
              <MapPin size={14} aria-hidden />
              {location}
            </p>
          )}
        </div>
      </div>
      {bio && <RichText text={bio} className="p-5 text-sm text-fg-muted" />}
    </div>
  );
}
