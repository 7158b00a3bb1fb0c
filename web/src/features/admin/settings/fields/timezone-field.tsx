import { useTranslation } from '../../../../i18n/use-translation';
import { Select, SelectGroup, SelectItem } from '../../../../ui/select';
import { useTimezoneList } from '../settings-api';

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
  const lists = useTimezoneList();
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
