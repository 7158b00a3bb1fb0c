import { HOMEPAGE_TYPES, type SettingKey } from '@cadenza/contracts/settings';
import { useTranslation } from '../../../../i18n/use-translation';
import { Select, SelectItem } from '../../../../ui/select';
import { TextField } from '../../../../ui/text-field';
import { useHomepageOptions } from '../settings-api';

const HOMEPAGE_LABELS: Record<(typeof HOMEPAGE_TYPES)[number], string> = {
  landing: 'The landing page',
  login: 'Login page',
  register: 'Registration page',
  customPage: 'A custom page',
  channel: 'A channel',
};

/** What visitors see at /: the landing page, login, registration, a custom page or a channel. */
export function HomepageField({
  valueOf,
  change,
}: {
  valueOf: (key: SettingKey) => unknown;
  change: (key: SettingKey, value: unknown) => void;
}) {
  const { t } = useTranslation();
  const type = String(valueOf('homepage.type'));
  const target = String(valueOf('homepage.value') ?? '');
  const pages = useHomepageOptions(type);
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <Select
        label={t('Homepage')}
        value={type}
        onValueChange={(next) => {
          change('homepage.type', next);
          change('homepage.value', '');
        }}
      >
        {HOMEPAGE_TYPES.map((option) => (
          <SelectItem key={option} value={option}>
            {t(HOMEPAGE_LABELS[option])}
          </SelectItem>
        ))}
      </Select>
      {(type === 'customPage' || type === 'channel') &&
        (pages.data ? (
          <Select
            label={type === 'customPage' ? t('Page') : t('Channel')}
            value={target || undefined}
            placeholder={t('Choose one')}
            onValueChange={(next) => change('homepage.value', next)}
          >
            {pages.data.map(([slug, name]) => (
              <SelectItem key={slug} value={slug}>
                {name}
              </SelectItem>
            ))}
          </Select>
        ) : (
          <TextField
            label={type === 'customPage' ? t('Page slug') : t('Channel slug')}
            value={target}
            onChange={(event) => change('homepage.value', event.target.value)}
          />
        ))}
    </div>
  );
}
