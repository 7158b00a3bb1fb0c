import { Trash2 } from 'lucide-react';
import { useTranslation } from '../i18n/use-translation';
import { Button, IconButton } from './button';
import { TextField } from './text-field';

export interface LinkDraft {
  url: string;
  title: string;
}

const isWebAddress = (text: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(text).protocol);
  } catch {
    return false;
  }
};

/**
 * The links filled in, read for saving: blank rows dropped, each address a web address (an error
 * by row otherwise), a missing title taken from the address's host.
 */
export function readLinks(
  drafts: LinkDraft[],
  invalid: string,
): { filled: LinkDraft[]; links: LinkDraft[]; errors: Record<number, string> } {
  const filled = drafts.filter((link) => link.url.trim() || link.title.trim());
  const errors: Record<number, string> = {};
  filled.forEach((link, index) => {
    if (!isWebAddress(link.url.trim())) errors[index] = invalid;
  });
  const links = Object.keys(errors).length
    ? []
    : filled.map((link) => ({
        url: link.url.trim(),
        title: link.title.trim() || new URL(link.url.trim()).hostname,
      }));
  return { filled, links, errors };
}

/** Links with a title and a web address each, added and removed row by row. */
export function LinksField({
  links,
  errors,
  max = 20,
  onChange,
}: {
  links: LinkDraft[];
  errors: Record<number, string>;
  max?: number;
  onChange: (links: LinkDraft[]) => void;
}) {
  const { t } = useTranslation();
  const setLink = (index: number, patch: Partial<LinkDraft>) =>
    onChange(links.map((link, at) => (at === index ? { ...link, ...patch } : link)));
  return (
    <fieldset className="flex flex-col gap-2">
      <legend className="mb-1 text-sm font-medium">{t('Links')}</legend>
      {links.map((link, index) => (
        <div key={index} className="flex flex-wrap items-start gap-2">
          <TextField
            label={t('Title')}
            value={link.title}
            onChange={(event) => setLink(index, { title: event.target.value })}
            className="min-w-32 flex-1"
          />
          <TextField
            label={t('Address')}
            type="url"
            value={link.url}
            errorMessage={errors[index]}
            onChange={(event) => setLink(index, { url: event.target.value })}
            className="min-w-48 flex-[2]"
          />
          <IconButton
            label={t('Remove link {{number}}', { number: index + 1 })}
            size="sm"
            className="mt-7"
            onClick={() => onChange(links.filter((_, at) => at !== index))}
          >
            <Trash2 size={16} aria-hidden />
          </IconButton>
        </div>
      ))}
      <Button
        variant="outline"
        size="sm"
        className="self-start"
        disabled={links.length >= max}
        onClick={() => onChange([...links, { url: '', title: '' }])}
      >
        {t('Add link')}
      </Button>
    </fieldset>
  );
}
