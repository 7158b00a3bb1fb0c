import type { BackstageRequestType } from '@cadenza/contracts/backstage';
import { useState, type FormEvent } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { showError } from '../../app/error-handling/handle-error';
import { Button } from '../../ui/button';
import { ImageField } from '../../ui/image-field';
import { LinksField, readLinks, type LinkDraft } from '../../ui/links-field';
import { SearchPicker } from '../../ui/search-picker';
import { Select, SelectItem } from '../../ui/select';
import { TextArea } from '../../ui/text-area';
import { TextField } from '../../ui/text-field';
import { toast } from '../../ui/toast/toast-store';
import { uploadOne } from '../uploads/use-upload-queue';
import { useMyWorkspaces } from '../workspaces/api/workspaces-api';
import { findArtists, useManagedArtists, useSubmitRequest } from './backstage-api';
import { REQUEST_TYPE_LABELS } from './request-labels';

const TYPES: BackstageRequestType[] = ['become-artist', 'claim-artist', 'verify-artist'];
// Workspace roles that may speak for a label: its owner and its admins.
const LABEL_ROLES = new Set([1, 2]);

interface FoundArtist {
  id: number;
  name: string;
}

/** /backstage/requests/new?type=…: ask for a new profile, a claimed one, or the badge. */
export function RequestForm() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const type = TYPES.find((candidate) => candidate === params.get('type')) ?? 'become-artist';
  const submit = useSubmitRequest();
  const managed = useManagedArtists();
  const workspaces = useMyWorkspaces();
  const labels = (workspaces.data ?? []).filter(
    (workspace) => workspace.role_id !== undefined && LABEL_ROLES.has(workspace.role_id),
  );

  const [name, setName] = useState('');
  const [artist, setArtist] = useState<FoundArtist | null>(null);
  const [workspaceId, setWorkspaceId] = useState<number | null>(null);
  const [links, setLinks] = useState<LinkDraft[]>([{ url: '', title: '' }]);
  const [linkErrors, setLinkErrors] = useState<Record<number, string>>({});
  const [proof, setProof] = useState('');
  const [message, setMessage] = useState('');
  const [picture, setPicture] = useState<{ id: number; preview: string } | null>(null);
  const [uploading, setUploading] = useState(false);
  const [errors, setErrors] = useState<Record<string, string>>({});
  const verifiable = (managed.data ?? []).filter(
    (candidate) => !candidate.verified && candidate.access === 'edit',
  );

  const choosePicture = async (file: File) => {
    const upload = uploadOne(file);
    if (!upload) return;
    setUploading(true);
    const settled = await upload.settled;
    setUploading(false);
    if (settled.status === 'completed' && settled.entry) {
      setPicture({ id: settled.entry.id, preview: URL.createObjectURL(file) });
    } else if (settled.status === 'failed') {
      toast.danger(
        settled.errorMessage ? t(settled.errorMessage, settled.errorValues) : t('Upload failed'),
      );
    }
  };

  const send = (event: FormEvent) => {
    event.preventDefault();
    const problems: Record<string, string> = {};
    if (type === 'become-artist' && !name.trim())
      problems.artist_name = t('Give the artist a name.');
    if (type !== 'become-artist' && !artist) problems.artist_id = t('Choose the artist.');
    if (!proof.trim()) problems.proof = t('Tell us how we can check it is you.');
    const read = readLinks(links, t('Enter a full address, starting with https://'));
    setLinkErrors(read.errors);
    setErrors(problems);
    if (Object.keys(problems).length > 0 || Object.keys(read.errors).length > 0) return;
    submit.mutate(
      {
        type,
        ...(type === 'become-artist' ? { artist_name: name.trim() } : { artist_id: artist!.id }),
        workspace_id: type === 'verify-artist' ? null : workspaceId,
        links: read.links,
        proof: proof.trim(),
        message: message.trim() || null,
        image_file_entry_id: picture?.id ?? null,
      },
      {
        onSuccess: () => {
          toast.positive(t('Request sent. We will let you know.'));
          void navigate('/backstage');
        },
        onError: (error) => {
          if (!isApiError(error) || !error.hasFieldErrors) return showError(error, t);
          setErrors(error.fieldErrors);
          // A problem with no field on screen (a link, a label not offered) is told all the same.
          const shown = new Set([
            'type',
            'artist_name',
            'artist_id',
            'proof',
            'message',
            'image_file_entry_id',
          ]);
          if (labels.length > 0) shown.add('workspace_id');
          const unshown = Object.entries(error.fieldErrors).find(([field]) => !shown.has(field));
          if (unshown) toast.danger(unshown[1]);
        },
      },
    );
  };

  return (
    <form onSubmit={send} noValidate className="mx-auto flex max-w-[780px] flex-col gap-5">
      <header className="flex flex-col gap-1">
        <h1 className="text-2xl font-semibold">{t('New request')}</h1>
        <p className="text-sm text-fg-muted">
          {t('Someone from our team reviews each request, usually within a few days.')}
        </p>
      </header>
      <Select
        label={t('What do you ask for?')}
        value={type}
        onValueChange={(next) => {
          setArtist(null);
          setErrors({});
          setParams({ type: next }, { replace: true });
        }}
        errorMessage={errors.type}
      >
        {TYPES.map((option) => (
          <SelectItem key={option} value={option}>
            {t(REQUEST_TYPE_LABELS[option])}
          </SelectItem>
        ))}
      </Select>

      {type === 'become-artist' && (
        <TextField
          label={t('Artist name')}
          required
          value={name}
          errorMessage={errors.artist_name}
          onChange={(event) => setName(event.target.value)}
        />
      )}
      {type === 'claim-artist' && (
        <SearchPicker
          legend={t('Artist')}
          chosen={artist?.name ?? null}
          hint={t('Find the profile that holds your music.')}
          searchLabel={t('Find artists')}
          resultsLabel={t('Artists found')}
          find={findArtists}
          onChoose={setArtist}
          onFailure={(failure) => showError(failure, t)}
          error={errors.artist_id}
        />
      )}
      {type === 'verify-artist' &&
        (managed.data && verifiable.length === 0 ? (
          <p className="rounded-lg border border-border p-4 text-sm">
            {t('The badge is for a profile you manage that is not verified yet.')}{' '}
            <Link
              to="/backstage/requests/new?type=become-artist"
              className="text-primary underline"
            >
              {t('Become an artist')}
            </Link>
          </p>
        ) : (
          <Select
            label={t('Artist')}
            placeholder={t('Choose one of your artists')}
            value={artist ? String(artist.id) : ''}
            errorMessage={errors.artist_id}
            onValueChange={(value) =>
              setArtist(verifiable.find((candidate) => String(candidate.id) === value) ?? null)
            }
          >
            {verifiable.map((candidate) => (
              <SelectItem key={candidate.id} value={String(candidate.id)}>
                {candidate.name}
              </SelectItem>
            ))}
          </Select>
        ))}

      {type !== 'verify-artist' && labels.length > 0 && (
        <Select
          label={t('On behalf of')}
          description={t("A label's profile is shared with the members of its workspace.")}
          value={workspaceId === null ? 'me' : String(workspaceId)}
          errorMessage={errors.workspace_id}
          onValueChange={(value) => setWorkspaceId(value === 'me' ? null : Number(value))}
        >
          <SelectItem value="me">{t('Myself')}</SelectItem>
          {labels.map((workspace) => (
            <SelectItem key={workspace.id} value={String(workspace.id)}>
              {workspace.name}
            </SelectItem>
          ))}
        </Select>
      )}

      <LinksField links={links} errors={linkErrors} max={10} onChange={setLinks} />
      <TextArea
        label={t('How can we check it is you?')}
        description={t(
          'A page that names you (your website, a label or a festival), an e-mail from your own domain…',
        )}
        rows={3}
        value={proof}
        error={errors.proof}
        onChange={setProof}
      />
      <TextArea
        label={t('Message (optional)')}
        rows={3}
        value={message}
        error={errors.message}
        onChange={setMessage}
      />
      <ImageField
        label={type === 'become-artist' ? t('Artist picture (optional)') : t('Picture (optional)')}
        description={
          errors.image_file_entry_id ?? t('A square JPEG, PNG, WebP or GIF picture, 5 MB at most.')
        }
        url={picture?.preview ?? ''}
        isLoading={uploading}
        onFile={(file) => void choosePicture(file)}
      />
      <div className="flex justify-end gap-3">
        <Button variant="text" asChild>
          <Link to="/backstage">{t('Cancel')}</Link>
        </Button>
        <Button type="submit" isLoading={submit.isPending} disabled={uploading}>
          {t('Send request')}
        </Button>
      </div>
    </form>
  );
}
