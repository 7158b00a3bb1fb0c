import { useMemo } from 'react';
import { DATE_PRESETS, type DateInput, type FormatOptions } from '../../../i18n/format';
import { useFormatters } from '../../../i18n/use-format';

/**
 * The one way admin screens write a day: the product's 'short' date preset (spec §9), as in
 * "01 Feb 2026", in the admin's language and timezone. A moment (a log line, a request) is that
 * same day followed by its time, so every screen reads dates alike.
 */
const DAY = DATE_PRESETS.short;
const MOMENT: Intl.DateTimeFormatOptions = { ...DATE_PRESETS.short, ...DATE_PRESETS.time };

function toDate(value: DateInput | null | undefined): Date | null {
  if (value === null || value === undefined || value === '') return null;
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

/** A day, or with `withTime` a moment, as admin screens write it; '' for no date. */
export function formatAdminDate(
  value: DateInput | null | undefined,
  { language, timeZone }: Required<FormatOptions>,
  withTime = false,
): string {
  const date = toDate(value);
  if (!date) return '';
  return new Intl.DateTimeFormat(language, { ...(withTime ? MOMENT : DAY), timeZone }).format(date);
}

export interface AdminDates {
  /** "01 Feb 2026" */
  date: (value: DateInput | null | undefined) => string;
  /** "01 Feb 2026, 14:05" */
  dateTime: (value: DateInput | null | undefined) => string;
}

/** The admin date formatters, in the active language and the admin's timezone. */
export function useAdminDates(): AdminDates {
  const { language, timeZone } = useFormatters();
  return useMemo(
    () => ({
      date: (value) => formatAdminDate(value, { language, timeZone }),
      dateTime: (value) => formatAdminDate(value, { language, timeZone }, true),
    }),
    [language, timeZone],
  );
}
