import { formatFileSize as formatSize } from '@cadenza/contracts/file-size';
import { i18n } from './i18n';

/** Date presets of the product (spec §9). */
export type DatePreset = 'numeric' | 'short' | 'long' | 'timestamp' | 'time';

export const DATE_PRESETS: Record<DatePreset, Intl.DateTimeFormatOptions> = {
  numeric: { day: '2-digit', month: '2-digit', year: 'numeric' },
  short: { day: '2-digit', month: 'short', year: 'numeric' },
  long: { day: '2-digit', month: 'long', year: 'numeric' },
  timestamp: {
    day: '2-digit',
    month: '2-digit',
    year: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
  },
  time: { hour: 'numeric', minute: '2-digit' },
};

export type DateInput = string | number | Date;

export interface FormatOptions {
  /** BCP 47 language; the active one by default. */
  language?: string;
  /** IANA timezone; the browser's by default. */
  timeZone?: string;
}

function toDate(value: DateInput): Date | null {
  const date = value instanceof Date ? value : new Date(value);
  return Number.isNaN(date.getTime()) ? null : date;
}

function browserTimezone(): string {
  return Intl.DateTimeFormat().resolvedOptions().timeZone;
}

export function isValidTimezone(timeZone: string): boolean {
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/**
 * The timezone dates are shown in (spec §4): the user's own, else the site's default
 * (`dates.default_timezone`) unless that is 'auto', else the browser's.
 */
export function effectiveTimezone(
  userTimezone: string | null | undefined,
  defaultTimezone: string | null | undefined,
): string {
  for (const candidate of [userTimezone, defaultTimezone]) {
    if (candidate && candidate !== 'auto' && isValidTimezone(candidate)) return candidate;
  }
  return browserTimezone();
}

/** A date in one of the presets; an empty string for a missing or invalid value. */
export function formatDate(
  value: DateInput | null | undefined,
  preset: DatePreset = 'short',
  { language = i18n.language, timeZone }: FormatOptions = {},
): string {
  const date = value === null || value === undefined ? null : toDate(value);
  if (!date) return '';
  return new Intl.DateTimeFormat(language, { ...DATE_PRESETS[preset], timeZone }).format(date);
}

const MINUTE = 60;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;
const MONTH = 30 * DAY;
const YEAR = 365 * DAY;

/**
 * How long ago (or until) a moment is, in words of the active language: 'a few seconds ago'
 * under a minute, then '5 minutes ago', '3 hours ago', '2 days ago', '4 months ago', '2 years ago'.
 */
export function formatRelativeTime(
  value: DateInput | null | undefined,
  { language = i18n.language, now = Date.now() }: { language?: string; now?: number | Date } = {},
): string {
  const date = value === null || value === undefined ? null : toDate(value);
  if (!date) return '';
  const seconds = Math.round((date.getTime() - Number(now)) / 1000);
  const elapsed = Math.abs(seconds);
  if (elapsed < MINUTE) return i18n.t('a few seconds ago', { lng: language });
  const [unit, size]: [Intl.RelativeTimeFormatUnit, number] =
    elapsed < HOUR
      ? ['minute', MINUTE]
      : elapsed < DAY
        ? ['hour', HOUR]
        : elapsed < MONTH
          ? ['day', DAY]
          : elapsed < YEAR
            ? ['month', MONTH]
            : ['year', YEAR];
  // Whole units, never rounded up: 59 minutes is not 'an hour ago'.
  const amount = Math.max(1, Math.floor(elapsed / size)) * Math.sign(seconds);
  return new Intl.RelativeTimeFormat(language, { numeric: 'always' }).format(amount, unit);
}

/** A byte count in the largest fitting unit, base 1024: `1536` → '1.5 KB'. */
export function formatFileSize(
  bytes: number | null | undefined,
  { language = i18n.language }: { language?: string } = {},
): string {
  if (bytes === null || bytes === undefined || !Number.isFinite(bytes) || bytes < 0) return '';
  return formatSize(bytes, language);
}
