import { PHONE_MESSAGE, PHONE_PATTERN } from '@cadenza/contracts/auth';
import { isValidCpf, type Address } from '@cadenza/contracts/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { MapPin } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { z } from 'zod';
import { useSetting } from '../../../api/bootstrap';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast/toast-store';
import { applyServerErrors } from '../../../app/error-handling/handle-error';
import { useUpdateContactInfo, type AccountUser } from '../api/account-api';
import { SettingsPanel } from '../../../ui/settings-panel';
import { cpfApplies, formatCpf } from './cpf';
import {
  attachBrazilAutocomplete,
  formatAddress,
  loadGoogleMaps,
  placeToAddress,
} from './google-places';

const part = (max: number) => z.string().trim().max(max, 'This is too long.');

const schema = z.object({
  address: z.string(),
  // The address typed part by part, when the site has no maps key for suggestions.
  street: part(200),
  street_number: part(20),
  neighborhood: part(100),
  city: part(100),
  state: part(100),
  postal_code: part(20),
  cpf: z.string().refine((value) => value === '' || isValidCpf(value), 'Enter a valid CPF.'),
  phone: z
    .string()
    .trim()
    .refine((value) => value === '' || PHONE_PATTERN.test(value), PHONE_MESSAGE),
});
type ContactValues = z.infer<typeof schema>;
type PartName = 'street' | 'street_number' | 'neighborhood' | 'city' | 'state' | 'postal_code';

const PARTS: { name: PartName; label: string; autoComplete: string; wide?: boolean }[] = [
  { name: 'street', label: 'Street', autoComplete: 'address-line1', wide: true },
  { name: 'street_number', label: 'Number', autoComplete: 'address-line2' },
  { name: 'neighborhood', label: 'Neighborhood', autoComplete: 'address-level3' },
  { name: 'city', label: 'City', autoComplete: 'address-level2' },
  { name: 'state', label: 'State', autoComplete: 'address-level1' },
  { name: 'postal_code', label: 'Postal code', autoComplete: 'postal-code' },
];

/**
 * The address from parts typed by hand: the saved one while they are unchanged (it keeps its
 * coordinates), none when all are empty, else the parts without coordinates.
 */
function typedAddress(
  values: ContactValues,
  saved: Address | null,
  country: string | null,
): Address | null {
  const typed = Object.fromEntries(PARTS.map(({ name }) => [name, values[name] || null])) as Record<
    PartName,
    string | null
  >;
  if (PARTS.every(({ name }) => !typed[name])) return null;
  if (saved && PARTS.every(({ name }) => (saved[name] ?? null) === typed[name])) return saved;
  return { ...typed, country: saved?.country ?? country, latitude: null, longitude: null };
}

export function ContactInfoPanel({ user }: { user: AccountUser }) {
  const { t } = useTranslation();
  const mapsKey = useSetting('maps.google_key') || '';
  const showCpf = cpfApplies(user);
  const update = useUpdateContactInfo();
  // The structured address picked from the suggestions; the field shows it as one line.
  const [address, setAddress] = useState<Address | null>(user.address_json);
  const form = useForm<ContactValues>({
    resolver: zodResolver(schema),
    values: {
      address: formatAddress(user.address_json),
      cpf: formatCpf(user.cpf ?? ''),
      phone: user.phone ?? '',
      ...(Object.fromEntries(
        PARTS.map(({ name }) => [name, user.address_json?.[name] ?? '']),
      ) as Record<PartName, string>),
    },
    mode: 'onChange',
  });
  const { isDirty, isValid, errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    update.mutate(
      {
        phone: values.phone || null,
        cpf: values.cpf ? values.cpf.replace(/\D/g, '') : null,
        address_json: mapsKey
          ? values.address
            ? address
            : null
          : typedAddress(values, user.address_json, user.country),
      },
      {
        onSuccess: () => toast.positive(t('Contact information updated')),
        onError: (error) => applyServerErrors(error, form.setError, ['phone', 'cpf'], t),
      },
    ),
  );

  return (
    <SettingsPanel
      id="contact-info"
      title={t('Personal data')}
      description={
        showCpf
          ? t('Your address, CPF and phone number, used for billing and deliveries.')
          : t('Your address and phone number, used for billing and deliveries.')
      }
      onSubmit={submit}
      actions={
        <Button type="submit" disabled={!isDirty || !isValid} isLoading={update.isPending}>
          {t('Save')}
        </Button>
      }
    >
      <div className="flex flex-col gap-5">
        {mapsKey ? (
          <Controller
            control={form.control}
            name="address"
            render={({ field }) => (
              <AddressField
                mapsKey={mapsKey}
                value={field.value}
                onBlur={field.onBlur}
                onChange={field.onChange}
                onPlace={(picked) => {
                  setAddress(picked);
                  field.onChange(formatAddress(picked));
                }}
              />
            )}
          />
        ) : (
          <fieldset className="grid gap-5 sm:grid-cols-3">
            <legend className="mb-2 text-sm font-medium">{t('Address')}</legend>
            {PARTS.map(({ name, label, autoComplete, wide }) => (
              <TextField
                key={name}
                className={wide ? 'sm:col-span-2' : undefined}
                label={t(label)}
                autoComplete={autoComplete}
                errorMessage={errors[name]?.message && t(errors[name].message)}
                {...form.register(name)}
              />
            ))}
          </fieldset>
        )}
        <div className="grid gap-5 sm:grid-cols-2">
          {showCpf && (
            <Controller
              control={form.control}
              name="cpf"
              render={({ field }) => (
                <TextField
                  label={t('CPF')}
                  inputMode="numeric"
                  placeholder="000.000.000-00"
                  maxLength={14}
                  name={field.name}
                  ref={field.ref}
                  value={field.value}
                  onBlur={field.onBlur}
                  onChange={(event) => field.onChange(formatCpf(event.target.value))}
                  errorMessage={errors.cpf?.message && t(errors.cpf.message)}
                />
              )}
            />
          )}
          <TextField
            label={t('Phone')}
            type="tel"
            autoComplete="tel"
            errorMessage={errors.phone?.message && t(errors.phone.message)}
            {...form.register('phone')}
          />
        </div>
      </div>
    </SettingsPanel>
  );
}

/** One line with suggestions from Google Maps; only shown when the site has a maps key. */
interface AddressFieldProps {
  mapsKey: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  onPlace: (address: Address) => void;
}

function AddressField({ mapsKey, value, onChange, onBlur, onPlace }: AddressFieldProps) {
  const { t } = useTranslation();
  const input = useRef<HTMLInputElement>(null);
  const onPlaceRef = useRef(onPlace);
  useEffect(() => {
    onPlaceRef.current = onPlace;
  });

  useEffect(() => {
    if (!input.current) return;
    let detach: (() => void) | undefined;
    let cancelled = false;
    const element = input.current;
    loadGoogleMaps(mapsKey)
      .then((google) => {
        if (cancelled) return;
        detach = attachBrazilAutocomplete(google, element, (place) =>
          onPlaceRef.current(placeToAddress(place)),
        );
      })
      .catch(() => toast.danger(t('Address suggestions could not be loaded.')));
    return () => {
      cancelled = true;
      detach?.();
    };
  }, [mapsKey, t]);

  return (
    <TextField
      ref={input}
      label={t('Address')}
      autoComplete="off"
      placeholder={t('Start typing your address')}
      startAdornment={<MapPin size={16} aria-hidden />}
      value={value}
      onBlur={onBlur}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
