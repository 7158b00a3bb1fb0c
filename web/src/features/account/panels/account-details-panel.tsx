import { zodResolver } from '@hookform/resolvers/zod';
import { ImageUp, Link2, Trash2, UserRound } from 'lucide-react';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { z } from 'zod';
import { isApiError } from '../../../api/api-error';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast/toast-store';
import { showError, applyServerErrors } from '../../../app/error-handling/handle-error';
import {
  useRemoveAvatar,
  useUpdateDetails,
  useUploadAvatar,
  type AccountUser,
} from '../api/account-api';
import { SettingsPanel } from '../../../ui/settings-panel';
import { checkAvatarFile } from './avatar-rules';

const schema = z.object({
  first_name: z.string().trim().max(100),
  last_name: z.string().trim().max(100),
});
type DetailsValues = z.infer<typeof schema>;

export function AccountDetailsPanel({ user }: { user: AccountUser }) {
  const { t } = useTranslation();
  const update = useUpdateDetails();
  const form = useForm<DetailsValues>({
    resolver: zodResolver(schema),
    values: { first_name: user.first_name ?? '', last_name: user.last_name ?? '' },
    mode: 'onChange',
  });
  const { isDirty, isValid, errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    update.mutate(
      {
        first_name: values.first_name || null,
        last_name: values.last_name || null,
        avatar: user.avatar,
      },
      {
        onSuccess: () => toast.positive(t('Updated account details')),
        onError: (error) => applyServerErrors(error, form.setError, ['first_name', 'last_name'], t),
      },
    ),
  );

  return (
    <SettingsPanel
      id="account-details"
      title={t('Name and profile image')}
      description={t('How you appear to others on the site.')}
      onSubmit={submit}
      actions={
        <Button type="submit" disabled={!isDirty || !isValid} isLoading={update.isPending}>
          {t('Save')}
        </Button>
      }
    >
      <div className="flex flex-col gap-6 sm:flex-row-reverse sm:items-start">
        <AvatarEditor user={user} />
        <div className="flex flex-1 flex-col gap-5">
          <TextField
            label={t('First name')}
            autoComplete="given-name"
            errorMessage={errors.first_name?.message}
            {...form.register('first_name')}
          />
          <TextField
            label={t('Last name')}
            autoComplete="family-name"
            errorMessage={errors.last_name?.message}
            {...form.register('last_name')}
          />
        </div>
      </div>
    </SettingsPanel>
  );
}

function AvatarEditor({ user }: { user: AccountUser }) {
  const { t } = useTranslation();
  const fileInput = useRef<HTMLInputElement>(null);
  const [urlMode, setUrlMode] = useState(false);
  const [url, setUrl] = useState('');
  const upload = useUploadAvatar();
  const remove = useRemoveAvatar();

  const send = (source: File | string) =>
    upload.mutate(
      { userId: user.id, source },
      {
        onSuccess: () => {
          setUrlMode(false);
          setUrl('');
          toast.positive(t('Uploaded avatar'));
        },
        onError: (error) => {
          // Spec section 8: the file field's error, else the generic one.
          const message = isApiError(error)
            ? (error.fieldError('file') ?? error.fieldError('url'))
            : undefined;
          if (message) toast.danger(message);
          else showError(error, t);
        },
      },
    );

  const pickFile = (file: File | undefined) => {
    if (!file) return;
    const problem = checkAvatarFile(file);
    if (problem) {
      toast.danger(t(problem.message, problem.values));
      return;
    }
    send(file);
  };

  return (
    <div className="flex flex-col items-center gap-3 sm:w-40">
      <div className="flex size-24 items-center justify-center overflow-hidden rounded-full bg-bg-hover text-fg-muted">
        {user.avatar ? (
          <img src={user.avatar} alt={t('Profile image')} className="size-full object-cover" />
        ) : (
          <UserRound size={40} aria-hidden />
        )}
      </div>
      <input
        ref={fileInput}
        type="file"
        accept="image/*"
        className="sr-only"
        tabIndex={-1}
        aria-label={t('Profile image file')}
        onChange={(event) => {
          pickFile(event.target.files?.[0]);
          event.target.value = '';
        }}
      />
      <div className="flex flex-wrap justify-center gap-1">
        <Button
          size="xs"
          variant="outline"
          startIcon={<ImageUp size={14} aria-hidden />}
          isLoading={upload.isPending}
          onClick={() => fileInput.current?.click()}
        >
          {t('Upload')}
        </Button>
        <Button
          size="xs"
          variant="text"
          startIcon={<Link2 size={14} aria-hidden />}
          onClick={() => setUrlMode((value) => !value)}
          aria-expanded={urlMode}
        >
          {t('From URL')}
        </Button>
        {user.avatar && (
          <Button
            size="xs"
            variant="text"
            className="text-danger"
            startIcon={<Trash2 size={14} aria-hidden />}
            isLoading={remove.isPending}
            onClick={() =>
              remove.mutate(user.id, {
                onSuccess: () => toast.positive(t('Removed avatar')),
                onError: (error) => showError(error, t),
              })
            }
          >
            {t('Remove')}
          </Button>
        )}
      </div>
      {urlMode && (
        <div className="flex w-full flex-col gap-2">
          <TextField
            size="sm"
            type="url"
            label={t('Image URL')}
            value={url}
            onChange={(event) => setUrl(event.target.value)}
          />
          <Button
            size="xs"
            disabled={upload.isPending}
            onClick={() => {
              if (!url.trim()) toast.danger(t('Please select an image.'));
              else send(url.trim());
            }}
          >
            {t('Use image')}
          </Button>
        </div>
      )}
    </div>
  );
}
