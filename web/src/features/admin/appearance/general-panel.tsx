import { SETTING_DEFINITIONS } from '@cadenza/contracts/settings';
import { useTranslation } from '../../../i18n/use-translation';
import { Select, SelectItem } from '../../../ui/select';
import { Switch } from '../../../ui/switch';
import { TextField } from '../../../ui/text-field';
import { useAppearance } from './appearance-context';
import { PanelHeader } from './panel-header';

const problemOf = (key: 'branding.site_name' | 'branding.site_description', value: string) => {
  const result = SETTING_DEFINITIONS[key].schema.safeParse(value);
  return result.success ? undefined : result.error.issues[0]?.message;
};

/** The site's name and description, and the rules of themes for visitors. */
export function GeneralPanel() {
  const { t } = useTranslation();
  const { value, setValue, themes } = useAppearance();
  const name = value<string>('branding.site_name');
  const description = value<string>('branding.site_description');
  const defaultId = value<number | null>('themes.default_id');
  return (
    <div className="flex flex-col gap-5">
      <PanelHeader back=".." title={t('General')} />
      <TextField
        label={t('Site name')}
        value={name}
        required
        errorMessage={problemOf('branding.site_name', name)}
        onChange={(event) => setValue('branding.site_name', event.target.value)}
      />
      <TextField
        label={t('Site description')}
        value={description}
        errorMessage={problemOf('branding.site_description', description)}
        onChange={(event) => setValue('branding.site_description', event.target.value)}
      />
      <Switch
        label={t('Visitors may change the theme')}
        description={t('Shows the light and dark switch in the footer.')}
        checked={value<boolean>('themes.user_change')}
        onCheckedChange={(checked) => setValue('themes.user_change', checked)}
      />
      <Select
        label={t('Default theme')}
        description={t('What visitors see before they choose.')}
        value={defaultId === null ? 'auto' : String(defaultId)}
        onValueChange={(next) =>
          setValue('themes.default_id', next === 'auto' ? null : Number(next))
        }
      >
        <SelectItem value="auto">{t('Automatic')}</SelectItem>
        {themes.map((theme) => (
          <SelectItem key={theme.id} value={String(theme.id)}>
            {theme.name}
          </SelectItem>
        ))}
      </Select>
    </div>
  );
}
