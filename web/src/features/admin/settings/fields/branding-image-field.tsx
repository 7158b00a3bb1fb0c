import { useTranslation } from '../../../../i18n/use-translation';
import { showError } from '../../../../app/error-handling/handle-error';
import { ImageField } from '../../../../ui/image-field';
import { toast } from '../../../../ui/toast/toast-store';
import { useUploadBrandingImage } from '../settings-api';

/** A logo or icon: saved as soon as a picture is chosen, not with the form. */
export function BrandingImageField({
  label,
  description,
  image,
  url,
}: {
  label: string;
  description?: string | undefined;
  image: string;
  url: string;
}) {
  const { t } = useTranslation();
  const upload = useUploadBrandingImage();
  return (
    <ImageField
      label={label}
      description={description}
      url={url}
      isLoading={upload.isPending}
      onFile={(file) =>
        upload.mutate(
          { image, file },
          {
            onSuccess: () => toast.positive(t('Picture saved')),
            onError: (error) => showError(error, t),
          },
        )
      }
    />
  );
}
