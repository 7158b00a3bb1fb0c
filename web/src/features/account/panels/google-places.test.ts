import { describe, expect, it } from 'vitest';
import { formatAddress, placeToAddress, type PlaceResult } from './google-places';

const PAULISTA: PlaceResult = {
  formatted_address: 'Av. Paulista, 1578 - Bela Vista, São Paulo - SP, 01310-200, Brasil',
  address_components: [
    { long_name: '1578', short_name: '1578', types: ['street_number'] },
    { long_name: 'Avenida Paulista', short_name: 'Av. Paulista', types: ['route'] },
    {
      long_name: 'Bela Vista',
      short_name: 'Bela Vista',
      types: ['sublocality_level_1', 'sublocality'],
    },
    { long_name: 'São Paulo', short_name: 'São Paulo', types: ['administrative_area_level_2'] },
    { long_name: 'São Paulo', short_name: 'SP', types: ['administrative_area_level_1'] },
    { long_name: 'Brasil', short_name: 'BR', types: ['country'] },
    { long_name: '01310-200', short_name: '01310-200', types: ['postal_code'] },
  ],
  geometry: { location: { lat: () => -23.5614, lng: () => -46.6559 } },
};

describe('placeToAddress', () => {
  it('turns a chosen place into the address JSON', () => {
    expect(placeToAddress(PAULISTA)).toEqual({
      street_number: '1578',
      street: 'Avenida Paulista',
      neighborhood: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
      country: 'BR',
      postal_code: '01310-200',
      latitude: -23.5614,
      longitude: -46.6559,
    });
  });

  it('leaves out what the place does not have', () => {
    expect(placeToAddress({ address_components: [] })).toMatchObject({
      street: null,
      city: null,
      latitude: null,
    });
  });
});

describe('formatAddress', () => {
  it('writes an address on one line', () => {
    expect(formatAddress(placeToAddress(PAULISTA))).toBe(
      'Avenida Paulista, 1578, Bela Vista - São Paulo - SP, 01310-200',
    );
  });

  it('is empty without an address', () => {
    expect(formatAddress(null)).toBe('');
  });
});
