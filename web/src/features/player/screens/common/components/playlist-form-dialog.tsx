import type { Playlist, PlaylistInput } from '@cadenza/contracts/music';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '../../../../../i18n/use-translation';
import { applyServerErrors } from '../../../../../app/error-handling/handle-error';
import { Button } from '../../../../../ui/button';
import {
  Dialog,
  DialogBody,
  DialogClose,
  DialogFooter,
  DialogHeader,
} from '../../../../../ui/dialog';
import { Switch } from '../../../../../ui/switch';
import { TextField } from '../../../../../ui/text-field';
import { toast } from '../../../../../ui/toast/toast-store';
import { useCreatePlaylist, useUpdatePlaylist } from '../api/playlist-mutations';

interface FormValues {
  name: string;
  description: string;
  public: boolean;
  collaborative: boolean;
}

const FIELDS = ['name', 'description', 'public', 'collaborative'] as const;

/** Create a playlist (no `playlist`) or edit one's name, description and visibility. */
export function PlaylistFormDialog({
  open,
  onOpenChange,
  playlist,
  onSaved,
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  playlist?: Playlist;
  onSaved?: (playlist: Playlist) => void;
}) {
  const { t } = useTranslation();
  const create = useCreatePlaylist();
  const update = useUpdatePlaylist(playlist?.id ?? 0);
  const form = useForm<FormValues>({
    values: {
      name: playlist?.name ?? '',
      description: playlist?.description ?? '',
      public: playlist?.public ?? true,
      collaborative: playlist?.collaborative ?? false,
    },
  });
  const { errors } = form.formState;
  const isPending = create.isPending || update.isPending;

  const onSubmit = form.handleSubmit(async (values) => {
    const input: PlaylistInput = {
      name: values.name.trim(),
      description: values.description.trim() || null,
      public: values.public,
      collaborative: values.collaborative,
    };
    try {
      const saved = playlist ? await update.mutateAsync(input) : await create.mutateAsync(input);
      toast.positive(playlist ? t('Playlist saved') : t('Playlist created'));
      onOpenChange(false);
      onSaved?.(saved);
    } catch (error) {
      applyServerErrors(error, form.setError, FIELDS, t);
    }
  });

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogHeader>{playlist ? t('Edit details') : t('Create playlist')}</DialogHeader>
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <DialogBody className="flex flex-col gap-4">
          <TextField
            label={t('Name')}
            autoFocus
            maxLength={250}
            errorMessage={errors.name?.message}
            {...form.register('name', {
              validate: (value) => value.trim().length > 0 || t('Give your playlist a name.'),
            })}
          />
          <TextField
            label={t('Description')}
            maxLength={5000}
            errorMessage={errors.description?.message}
            {...form.register('description')}
          />
          <Controller
            control={form.control}
            name="public"
            render={({ field }) => (
              <Switch
                label={t('Public')}
                description={t('Anyone can find and listen to a public playlist.')}
                checked={field.value}
                onCheckedChange={field.onChange}
              />
            )}
          />
          <Controller
            control={form.control}
            name="collaborative"
            render={({ field }) => (
              <Switch
                label={t('Collaborative')}
                description={t(
                  'Its followers can add songs, and remove the songs they added. Only you rename, reorder or delete it.',
                )}
                checked={field.value}
                onCheckedChange={field.onChange}
              />
            )}
          />
        </DialogBody>
        <DialogFooter>
          <DialogClose>
            <Button variant="text">{t('Cancel')}</Button>
          </DialogClose>
          <Button type="submit" isLoading={isPending}>
            {playlist ? t('Save') : t('Create')}
          </Button>
        </DialogFooter>
      </form>
    </Dialog>
  );
}
