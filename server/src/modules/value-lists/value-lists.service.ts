import type {
  Country,
  Localization,
  TimezoneOption,
  ValueListName,
  ValueLists,
} from '@cadenza/contracts/localization';
import {
  DEFAULT_INVITE_ROLE,
  isInvitableRole,
  WORKSPACE_ROLES,
  type WorkspaceRoleOption,
} from '@cadenza/contracts/workspaces';
import type { LanguageHints, LocalizationService } from '../localization/localization.service.js';

export type ValueListsService = ReturnType<typeof createValueListsService>;

// Codes Intl knows that are not ISO 3166-1 countries: withdrawn codes (BU, CS, DD, YU…),
// groupings (EU, EZ, UN), reservations (AC, CP, DG, EA, IC, TA) and private-use codes.
const NOT_COUNTRIES = new Set(
  'AC AN BU CP CQ CS DD DG DY EA EU EZ FX HV IC NH QO RH SU TA TP UK UN VD XA XB YD YU ZR ZZ'.split(
    ' ',
  ),
);

const HOUR_MS = 60 * 60 * 1000;

const ALL_REGION_CODES = Array.from({ length: 26 * 26 }, (_, i) =>
  String.fromCharCode(65 + Math.floor(i / 26), 65 + (i % 26)),
);

/** Every country with its name in `language`, sorted as that language sorts. */
export function countriesIn(language: string): Country[] {
  const names = new Intl.DisplayNames([language], { type: 'region', fallback: 'none' });
  const countries: Country[] = [];
  for (const code of ALL_REGION_CODES) {
    if (NOT_COUNTRIES.has(code)) continue;
    const name = names.of(code);
    if (name) countries.push({ code, name });
  }
  const collator = new Intl.Collator(language);
  return countries.sort((a, b) => collator.compare(a.name, b.name));
}

/** `+01:00` for a zone at a moment (its offset changes with daylight saving time). */
export function utcOffset(timeZone: string, at: Date): string {
  const part = new Intl.DateTimeFormat('en-US', { timeZone, timeZoneName: 'longOffset' })
    .formatToParts(at)
    .find((p) => p.type === 'timeZoneName')?.value;
  // `GMT` alone means no offset.
  const offset = part?.replace('GMT', '') || '+00:00';
  return offset.replace('\u2212', '-');
}

function offsetMinutes(offset: string): number {
  const [, sign, hours, minutes] = /^([+-])(\d{2}):(\d{2})$/.exec(offset) ?? [];
  if (!sign) return 0;
  return (sign === '-' ? -1 : 1) * (Number(hours) * 60 + Number(minutes));
}

/**
 * Every timezone grouped by region (`Europe`, `America`, …), each labelled with its current
 * offset and city: `{value: 'Europe/Lisbon', text: '(UTC+00:00) Lisbon'}`, west to east.
 */
export function timezonesAt(at: Date): Record<string, TimezoneOption[]> {
  const groups: Record<string, (TimezoneOption & { minutes: number })[]> = {};
  const zones = [...Intl.supportedValuesOf('timeZone')];
  if (!zones.includes('UTC')) zones.push('UTC');
  for (const value of zones) {
    const parts = value.split('/');
    const region = parts.length > 1 ? parts[0]! : 'UTC';
    const city = parts[parts.length - 1]!.replace(/_/g, ' ');
    const offset = utcOffset(value, at);
    (groups[region] ??= []).push({
      value,
      text: `(UTC${offset}) ${city}`,
      minutes: offsetMinutes(offset),
    });
  }
  return Object.fromEntries(
    Object.entries(groups)
      .sort(([a], [b]) => a.localeCompare(b))
      .map(([region, options]) => [
        region,
        options
          .sort((a, b) => a.minutes - b.minutes || a.text.localeCompare(b.text))
          .map(({ value, text }) => ({ value, text })),
      ]),
  );
}

/**
 * Lists that forms pick from (languages, timezones, countries, workspace roles), in the reader's
 * language where the list has names to translate.
 */
export function createValueListsService({
  localization,
}: {
  localization: Pick<LocalizationService, 'all' | 'negotiate'>;
}) {
  // Both lists are built from Intl data, which only changes with the runtime: countries once a
  // language, timezones once an hour (their offsets move with daylight saving time).
  const countries = new Map<string, Country[]>();
  let timezones: { hour: number; zones: Record<string, TimezoneOption[]> } | undefined;

  const builders: { [N in ValueListName]: (language: string) => ValueLists[N] } = {
    localizations: (): Localization[] => localization.all(),
    timezones: () => {
      const hour = Math.floor(Date.now() / HOUR_MS);
      if (timezones?.hour !== hour) timezones = { hour, zones: timezonesAt(new Date()) };
      return timezones.zones;
    },
    countries: (language) => {
      if (!countries.has(language)) countries.set(language, countriesIn(language));
      return countries.get(language)!;
    },
    // Names and descriptions in English, as the API's other constants; the web app translates.
    workspaceRoles: (): WorkspaceRoleOption[] =>
      WORKSPACE_ROLES.map((role) => ({
        id: role.id,
        name: role.name,
        description: role.description,
        permissions: [...role.permissions],
        invitable: isInvitableRole(role),
        default: role.id === DEFAULT_INVITE_ROLE.id,
      })),
  };

  return {
    /** The lists asked for, named in the language the reader's hints resolve to. */
    async get<N extends ValueListName>(
      names: readonly N[],
      hints: LanguageHints,
    ): Promise<Pick<ValueLists, N>> {
      const { language } = await localization.negotiate(hints);
      const lists = {} as Pick<ValueLists, N>;
      for (const name of names) lists[name] = builders[name](language) as Pick<ValueLists, N>[N];
      return lists;
    },
  };
}
