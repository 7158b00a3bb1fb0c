import { Check, Languages } from 'lucide-react';
import { useTranslation } from './use-translation';
import { useBootstrap, useSetting } from '../api/bootstrap';
import { Button } from '../ui/button';
import { Menu, MenuItem } from '../ui/menu';
import { toast } from '../ui/toast/toast-store';
import { useChangeLocale, useValueLists } from './api';

export interface LanguagePickerProps {
  className?: string;
}

/**
 * The site's languages and the one in use; `choose` saves a choice and switches the page's text
 * at once, without a reload. `enabled` is false when the site has languages switched off
 * (setting `i18n.enable`).
 */
export function useLanguageChoice() {
  const { t } = useTranslation();
  const enabled = useSetting('i18n.enable') !== false;
  const { i18n: active } = useBootstrap();
  const { data } = useValueLists(['localizations']);
  const changeLocale = useChangeLocale();
  const localizations = data?.localizations ?? [{ language: active.language, name: active.name }];
  const choose = (language: string) => {
    if (language === active.language) return;
    changeLocale.mutate(language, {
      onError: () => toast.danger(t('There was an issue. Please try again.')),
    });
  };
  return { enabled, active, localizations, choose, isPending: changeLocale.isPending };
}

/** A menu of the site's languages; absent when the site has languages switched off. */
export function LanguagePicker({ className }: LanguagePickerProps) {
  const { t } = useTranslation();
  const { enabled, active, localizations, choose, isPending } = useLanguageChoice();
  if (!enabled) return null;

  return (
    <Menu
      aria-label={t('Language')}
      side="top"
      trigger={
        <Button
          variant="text"
          size="sm"
          className={className}
          startIcon={<Languages size={16} aria-hidden />}
          isLoading={isPending}
          aria-label={t('Language: {{name}}', { name: active.name })}
        >
          {active.name}
        </Button>
      }
    >
      {localizations.map((localization) => {
        const selected = localization.language === active.language;
        return (
          <MenuItem
            key={localization.language}
            lang={localization.language}
            onSelect={() => choose(localization.language)}
            aria-current={selected || undefined}
            endContent={selected ? <Check size={16} className="text-primary" aria-hidden /> : null}
          >
            {localization.name}
          </MenuItem>
        );
      })}
    </Menu>
  );
}
