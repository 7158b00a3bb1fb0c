import type { TFunction } from 'i18next';

/** CLDR plural categories, as i18next appends them to a key: `{{count}} users_one`. */
export const PLURAL_FORMS = ['zero', 'one', 'two', 'few', 'many', 'other'] as const;
export type PluralForm = (typeof PLURAL_FORMS)[number];

const SUFFIX = new RegExp(`^([\\s\\S]+)_(${PLURAL_FORMS.join('|')})$`);

/** A line's key split into its English text and, for one form of a plural, which form. */
export function splitPluralKey(key: string): { text: string; form: PluralForm | null } {
  const match = SUFFIX.exec(key);
  return match ? { text: match[1]!, form: match[2] as PluralForm } : { text: key, form: null };
}

/** The name of a plural form in the admin's language. */
export function pluralFormName(form: PluralForm, t: TFunction): string {
  switch (form) {
    case 'zero':
      return t('zero');
    case 'one':
      return t('one');
    case 'two':
      return t('two');
    case 'few':
      return t('few');
    case 'many':
      return t('many');
    case 'other':
      return t('other');
  }
}

/**
 * A key as a translator reads it: "{{count}} users — one" for the `_one` form of a plural, the
 * key itself otherwise.
 */
export function lineLabel(key: string, t: TFunction): string {
  const { text, form } = splitPluralKey(key);
  return form ? `${text} — ${pluralFormName(form, t)}` : text;
}
