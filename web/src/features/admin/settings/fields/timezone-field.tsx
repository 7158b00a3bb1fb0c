import type { ValueLists } from '@cadenza/contracts/localization';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../../../i18n/use-translation';
import { apiClient } from '../../../../api/client';
import { Select, SelectGroup, SelectItem } from '../../../../ui/select';

/** The site's timezone, from the server's list grouped by region, or the browser's own. */
export function TimezoneField({
  label,
  description,
  value,
  onChange,
  error,
}: {
  label: string;
  description?: string | undefined;
  value: string;
  onChange: (value: string) => void;
  error: string | undefined;
}) {
  const { t } = useTranslation();
  const lists = useQuery({
    queryKey: ['value-lists', 'timezones'],
    queryFn: () => apiClient.get<ValueLists>('value-lists/timezones'),
    staleTime: Infinity,
  });
  return (
    <Select
      label={label}
      description={description}
      value={value}
      onValueChange={onChange}
      errorMessage={error}
    >
      <SelectItem value="auto">{t('The browser’s timezone')}</SelectItem>
      {Object.entries(lists.data?.timezones ?? {}).map(([region, zones]) => (
        <SelectGroup key={region} label={region}>
          {zones.map((zone) => (
            <SelectItem key={zone.value} value={zone.value}>
              {zone.text}
            </SelectItem>
          ))}
        </SelectGroup>
      ))}
    </Select>
  );
}
