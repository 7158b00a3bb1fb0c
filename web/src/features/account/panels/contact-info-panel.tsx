import { PHONE_MESSAGE, PHONE_PATTERN } from '@cadenza/contracts/auth';
import { isValidCpf, type Address } from '@cadenza/contracts/users';
import { zodResolver } from '@hookform/resolvers/zod';
import { MapPin } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from '../../../i18n/use-translation';
import { z } from 'zod';
import { useSetting } from '../../../app/bootstrap';
import { Button } from '../../../ui/button';
import { TextField } from '../../../ui/text-field';
import { toast } from '../../../ui/toast/toast-store';
import { applyServerErrors } from '../../../app/error-handling/handle-error';
import { useUpdateContactInfo, type AccountUser } from '../api/account-api';
import { SettingsPanel } from '../../../ui/settings-panel';
import { formatCpf } from './cpf';
import {
  attachBrazilAutocomplete,
  formatAddress,
  loadGoogleMaps,
  placeToAddress,
} from './google-places';

const schema = z.object({
  address: z.string(),
  cpf: z.string().refine((value) => value === '' || isValidCpf(value), 'Enter a valid CPF.'),
  phone: z
    .string()
    .trim()
    .refine((value) => value === '' || PHONE_PATTERN.test(value), PHONE_MESSAGE),
});
type ContactValues = z.infer<typeof schema>;

export function ContactInfoPanel({ user }: { user: AccountUser }) {
  const { t } = useTranslation();
  const mapsKey = useSetting('maps.google_key');
  const update = useUpdateContactInfo();
  // The structured address picked from the suggestions; the field shows it as one line.
  const [address, setAddress] = useState<Address | null>(user.address_json);
  const form = useForm<ContactValues>({
    resolver: zodResolver(schema),
    values: {
      address: formatAddress(user.address_json),
      cpf: formatCpf(user.cpf ?? ''),
      phone: user.phone ?? '',
    },
    mode: 'onChange',
  });
  const { isDirty, isValid, errors } = form.formState;

  const submit = form.handleSubmit((values) =>
    update.mutate(
      {
        phone: values.phone || null,
        cpf: values.cpf ? values.cpf.replace(/\D/g, '') : null,
        address_json: values.address ? address : null,
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
      description={t('Your address, CPF and phone number, used for billing and deliveries.')}
      onSubmit={submit}
      actions={
        <Button type="submit" disabled={!isDirty || !isValid} isLoading={update.isPending}>
          {t('Save')}
        </Button>
      }
    >
      <div className="flex flex-col gap-5">
        <Controller
          control={form.control}
          name="address"
          render={({ field }) => (
            <AddressField
              mapsKey={mapsKey ?? ''}
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
        <div className="grid gap-5 sm:grid-cols-2">
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
    if (!mapsKey || !input.current) return;
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
      placeholder={mapsKey ? t('Start typing your address') : undefined}
      startAdornment={<MapPin size={16} aria-hidden />}
      disabled={!mapsKey}
      description={mapsKey ? undefined : t('Google Maps API key not configured')}
      value={value}
      onBlur={onBlur}
      onChange={(event) => onChange(event.target.value)}
    />
  );
}
