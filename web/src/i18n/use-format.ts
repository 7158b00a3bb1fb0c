import { useMemo } from 'react';
import { useTranslation } from './use-translation';
import { useAuthUser, useSetting } from '../api/bootstrap';
import {
  effectiveTimezone,
  formatDate,
  formatFileSize,
  formatRelativeTime,
  type DateInput,
  type DatePreset,
} from './format';

/** The timezone dates are shown in for the current visitor. */
export function useEffectiveTimezone(): string {
  const user = useAuthUser();
  const siteDefault = useSetting('dates.default_timezone');
  return useMemo(
    () => effectiveTimezone(user?.timezone, siteDefault),
    [user?.timezone, siteDefault],
  );
}

export interface Formatters {
  language: string;
  timeZone: string;
  formatDate: (value: DateInput | null | undefined, preset?: DatePreset) => string;
  formatRelativeTime: (value: DateInput | null | undefined) => string;
  formatFileSize: (bytes: number | null | undefined) => string;
}

/**
 * Formatters bound to the active language and the visitor's timezone; components re-render
 * when either changes.
 */
export function useFormatters(): Formatters {
  const { i18n } = useTranslation();
  const language = i18n.language;
  const timeZone = useEffectiveTimezone();
  return useMemo(
    () => ({
      language,
      timeZone,
      formatDate: (value, preset) => formatDate(value, preset, { language, timeZone }),
      formatRelativeTime: (value) => formatRelativeTime(value, { language }),
      formatFileSize: (bytes) => formatFileSize(bytes, { language }),
    }),
    [language, timeZone],
  );
}
