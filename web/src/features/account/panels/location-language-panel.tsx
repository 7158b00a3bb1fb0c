import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { useSetting } from '../../../api/bootstrap';
import { Button } from '../../../ui/button';
import { Select, SelectGroup, SelectItem } from '../../../ui/select';
import { Skeleton } from '../../../ui/skeleton';
import { toast } from '../../../ui/toast/toast-store';
import { applyServerErrors } from '../../../app/error-handling/handle-error';
import { useUpdatePreferences, useValueLists, type AccountUser } from '../api/account-api';
import { PanelLoadError } from '../../../ui/panel-load-error';
import { SettingsPanel } from '../../../ui/settings-panel';

interface PreferenceValues {
  language: string;
  timezone: string;
  country: string;
}

/** Spec section 4: the user's timezone, else the site default, else the browser's. */
function effectiveTimezone(userTimezone: string | null, siteDefault: string | undefined): string {
  if (userTimezone && userTimezone !== 'auto') return userTimezone;
  if (siteDefault && siteDefault !== 'auto') return siteDefault;
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function LocationLanguagePanel({ user }: { user: AccountUser }) {
  const { t, i18n } = useTranslation();
  const defaultTimezone = useSetting('dates.default_timezone');
  const lists = useValueLists();
  const update = useUpdatePreferences();
  const form = useForm<PreferenceValues>({
    values: {
      language: user.language ?? i18n.language,
      timezone: effectiveTimezone(user.timezone, defaultTimezone),
      country: user.country ?? '',
    },
  });

  const submit = form.handleSubmit((values) =>
    update.mutate(
      { language: values.language, timezone: values.timezone, country: values.country || null },
      {
        onSuccess: () => {
          toast.positive(t('Updated preferences'));
          // The new language's lines arrive with the page's bootstrap data.
          if (values.language !== i18n.language) window.location.reload();
        },
        onError: (error) =>
          applyServerErrors(error, form.setError, ['language', 'timezone', 'country'], t),
      },
    ),
  );

  const { errors, isDirty } = form.formState;
  return (
    <SettingsPanel
      id="location-and-language"
      title={t('Date, time and language')}
      description={t('Choose the language of the site and how dates and times are shown to you.')}
      onSubmit={submit}
      actions={
        <Button type="submit" disabled={!isDirty || lists.isPending} isLoading={update.isPending}>
          {t('Save')}
        </Button>
      }
    >
      {lists.isPending ? (
        <div aria-busy className="grid gap-5 sm:grid-cols-3">
          {[0, 1, 2].map((key) => (
            <div key={key} className="flex flex-col gap-2">
              <Skeleton variant="text" className="w-20" />
              <Skeleton className="h-10.5 rounded-sm" />
            </div>
          ))}
        </div>
      ) : lists.isError ? (
        <PanelLoadError onRetry={() => void lists.refetch()} />
      ) : (
        <div className="grid gap-5 sm:grid-cols-3">
          <Controller
            control={form.control}
            name="language"
            render={({ field }) => (
              <Select
                label={t('Language')}
                value={field.value}
                onValueChange={field.onChange}
                ref={field.ref}
                errorMessage={errors.language?.message}
              >
                {lists.data.localizations.map((localization) => (
                  <SelectItem key={localization.language} value={localization.language}>
                    {localization.name}
                  </SelectItem>
                ))}
              </Select>
            )}
          />
          <Controller
            control={form.control}
            name="timezone"
            render={({ field }) => (
              <Select
                label={t('Timezone')}
                value={field.value}
                onValueChange={field.onChange}
                ref={field.ref}
                errorMessage={errors.timezone?.message}
              >
                {Object.entries(lists.data.timezones).map(([region, zones]) => (
                  <SelectGroup key={region} label={region}>
                    {zones.map((zone) => (
                      <SelectItem key={zone.value} value={zone.value}>
                        {zone.text}
                      </SelectItem>
                    ))}
                  </SelectGroup>
                ))}
              </Select>
            )}
          />
          <Controller
            control={form.control}
            name="country"
            render={({ field }) => (
              <Select
                label={t('Country')}
                placeholder={t('Choose a country')}
                value={field.value || undefined}
                onValueChange={field.onChange}
                ref={field.ref}
                errorMessage={errors.country?.message}
              >
                {lists.data.countries.map((country) => (
                  <SelectItem key={country.code} value={country.code}>
                    {country.name}
                  </SelectItem>
                ))}
              </Select>
            )}
          />
        </div>
      )}
    </SettingsPanel>
  );
}
