import { Upload } from 'lucide-react';
import { useRef } from 'react';
import { useTranslation } from '../i18n/use-translation';
import { Button } from './button';

/** A picture with an Upload button: raster formats only, which the server checks again. */
export function ImageField({
  label,
  description,
  url,
  isLoading,
  onFile,
}: {
  label: string;
  description?: string | undefined;
  url: string;
  isLoading: boolean;
  onFile: (file: File) => void;
}) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  return (
    <div className="flex flex-wrap items-center gap-4">
      <div className="flex size-20 shrink-0 items-center justify-center rounded-md border border-border bg-bg-hover p-2">
        {url && <img src={url} alt="" className="max-h-full max-w-full object-contain" />}
      </div>
      <div className="flex min-w-0 flex-1 flex-col gap-1">
        <p className="text-sm font-medium">{label}</p>
        {description && <p className="text-sm text-fg-muted">{description}</p>}
        <input
          ref={input}
          type="file"
          accept="image/png,image/jpeg,image/webp,image/gif,image/avif"
          className="sr-only"
          aria-label={t('Upload {{name}}', { name: label })}
          onChange={(event) => {
            const file = event.target.files?.[0];
            event.target.value = '';
            if (file) onFile(file);
          }}
        />
        <div>
          <Button
            type="button"
            size="sm"
            variant="outline"
            startIcon={<Upload size={16} />}
            isLoading={isLoading}
            onClick={() => input.current?.click()}
          >
            {t('Upload')}
          </Button>
        </div>
      </div>
    </div>
  );
}
