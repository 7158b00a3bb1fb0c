import { useState } from 'react';
import { useTranslation } from '../../../i18n/use-translation';
import { showError } from '../../../app/error-handling/handle-error';
import { toast } from '../../../ui/toast/toast-store';
import { ImageField } from '../../../ui/image-field';
import { useUploadCataloguePicture, type PictureUploaded } from './catalogue-api';

/**
 * An artist's picture or an album's cover: saved as soon as it is chosen (the server checks and
 * scales it), shown from the address the server answers.
 */
export function PictureField({
  label,
  path,
  url: initialUrl,
  urlOf,
}: {
  label: string;
  /** `artists/{id}/image` or `albums/{id}/cover`. */
  path: string;
  url: string | null;
  urlOf: (response: PictureUploaded) => string | null | undefined;
}) {
  const { t } = useTranslation();
  const upload = useUploadCataloguePicture(path);
  const [url, setUrl] = useState(initialUrl ?? '');
  return (
    <ImageField
      label={label}
      description={t('A square JPEG, PNG, WebP or GIF picture, 5 MB at most.')}
      url={url}
      isLoading={upload.isPending}
      onFile={(file) =>
        upload.mutate(file, {
          onSuccess: (response) => {
            setUrl(urlOf(response) ?? '');
            toast.positive(t('Picture saved'));
          },
          onError: (failure) => showError(failure, t),
        })
      }
    />
  );
}
