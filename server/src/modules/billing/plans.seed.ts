import { BILLING_PERMISSIONS, type ProductInput } from '@cadenza/contracts/billing';
import { MUSIC_PERMISSIONS } from '@cadenza/contracts/music';

const PREMIUM_GRANTS: ProductInput['permissions'] = [
  { name: BILLING_PERMISSIONS.hideAds, restrictions: [] },
  { name: BILLING_PERMISSIONS.offline, restrictions: [] },
  { name: BILLING_PERMISSIONS.download, restrictions: [] },
  // No count: as many playlists as the listener likes.
  { name: MUSIC_PERMISSIONS.playlistsCreate, restrictions: [] },
  // No count: as much music as the artist releases.
  { name: MUSIC_PERMISSIONS.create, restrictions: [] },
];

/** Monthly and yearly prices in reais, then in dollars: visitors see their market's currency. */
const monthlyAndYearly = (
  reais: { monthly: number; yearly: number },
  dollars: { monthly: number; yearly: number },
): ProductInput['prices'] => [
  { amount: reais.monthly, currency: 'BRL', interval: 'month', interval_count: 1 },
  { amount: reais.yearly, currency: 'BRL', interval: 'year', interval_count: 1 },
  { amount: dollars.monthly, currency: 'USD', interval: 'month', interval_count: 1 },
  { amount: dollars.yearly, currency: 'USD', interval: 'year', interval_count: 1 },
];

/**
 * The plans of a new install, in this order so that Family is product 3 (spec section 3): Free,
 * Premium and Family, priced in reais and in dollars. Admins change them in the admin area.
 */
export const DEFAULT_PLANS: ProductInput[] = [
  {
    name: 'Free',
    description: 'Listen to the whole catalogue, with ads.',
    free: true,
    hidden: false,
    recommended: false,
    position: 1,
    feature_list: ['The whole catalogue', 'Up to 20 playlists', 'With ads'],
    prices: [],
    permissions: [],
  },
  {
    name: 'Premium',
    description: 'Music without interruptions, anywhere.',
    free: false,
    hidden: false,
    recommended: true,
    position: 2,
    feature_list: ['No ads', 'Listen offline', 'Download tracks', 'Unlimited playlists'],
    prices: monthlyAndYearly({ monthly: 1990, yearly: 19900 }, { monthly: 1099, yearly: 10990 }),
    permissions: PREMIUM_GRANTS,
  },
  {
    name: 'Family',
    description: 'Premium for you and up to three people you live with.',
    free: false,
    hidden: false,
    recommended: false,
    position: 3,
    feature_list: [
      'Everything in Premium',
      'Up to 3 family members',
      'A separate account for each member',
    ],
    prices: monthlyAndYearly({ monthly: 3490, yearly: 34900 }, { monthly: 1699, yearly: 16990 }),
    permissions: PREMIUM_GRANTS,
  },
];
