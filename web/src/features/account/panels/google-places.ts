import type { Address } from '@cadenza/contracts/users';

// The few parts of the Google Maps JavaScript API the address field uses.
interface AddressComponent {
  long_name: string;
  short_name: string;
  types: string[];
}
export interface PlaceResult {
  formatted_address?: string;
  address_components?: AddressComponent[];
  geometry?: { location?: { lat: () => number; lng: () => number } };
}
interface Autocomplete {
  addListener: (event: 'place_changed', handler: () => void) => { remove: () => void };
  getPlace: () => PlaceResult;
}
interface GoogleMaps {
  maps: {
    places: {
      Autocomplete: new (
        input: HTMLInputElement,
        options: { componentRestrictions: { country: string }; fields: string[] },
      ) => Autocomplete;
    };
  };
}

declare global {
  interface Window {
    google?: GoogleMaps;
  }
}

let loading: Promise<GoogleMaps> | null = null;

/** Loads the Maps script with the site's key once per page (spec section 7). */
export function loadGoogleMaps(key: string): Promise<GoogleMaps> {
  if (window.google?.maps?.places) return Promise.resolve(window.google);
  loading ??= new Promise<GoogleMaps>((resolve, reject) => {
    const script = document.createElement('script');
    script.src = `https://maps.googleapis.com/maps/api/js?key=${encodeURIComponent(key)}&libraries=places`;
    script.async = true;
    script.dataset.googleMaps = '';
    script.onload = () => (window.google ? resolve(window.google) : reject(new Error('no maps')));
    script.onerror = () => {
      loading = null;
      script.remove();
      reject(new Error('The Google Maps script did not load.'));
    };
    document.head.append(script);
  });
  return loading;
}

/** Autocomplete on an input, limited to Brazilian addresses (spec section 2). */
export function attachBrazilAutocomplete(
  google: GoogleMaps,
  input: HTMLInputElement,
  onPlace: (place: PlaceResult) => void,
): () => void {
  const autocomplete = new google.maps.places.Autocomplete(input, {
    componentRestrictions: { country: 'br' },
    fields: ['address_components', 'formatted_address', 'geometry'],
  });
  const listener = autocomplete.addListener('place_changed', () =>
    onPlace(autocomplete.getPlace()),
  );
  return () => listener.remove();
}

/** Turns a chosen place into the address JSON of spec section 3. */
export function placeToAddress(place: PlaceResult): Address {
  const part = (type: string, short = false) => {
    const component = place.address_components?.find((c) => c.types.includes(type));
    return component ? (short ? component.short_name : component.long_name) : null;
  };
  return {
    street_number: part('street_number'),
    street: part('route'),
    neighborhood: part('sublocality_level_1') ?? part('sublocality'),
    city: part('administrative_area_level_2') ?? part('locality'),
    state: part('administrative_area_level_1', true),
    country: part('country', true),
    postal_code: part('postal_code'),
    latitude: place.geometry?.location?.lat() ?? null,
    longitude: place.geometry?.location?.lng() ?? null,
  };
}

/** One line for an address, as the field shows it. */
export function formatAddress(address: Address | null | undefined): string {
  if (!address) return '';
  const street = [address.street, address.street_number].filter(Boolean).join(', ');
  const area = [address.neighborhood, address.city, address.state].filter(Boolean).join(' - ');
  return [street, area, address.postal_code].filter(Boolean).join(', ');
}
