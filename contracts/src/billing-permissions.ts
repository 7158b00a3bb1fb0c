// Apart from the billing schemas: the web player checks these on pages that load no zod.

export const BILLING_PERMISSIONS = {
  /** No ads anywhere. */
  hideAds: 'ads.hide',
  /** Keep music on the device to listen without a connection. */
  offline: 'music.offline',
  /** Download the audio files of tracks. */
  download: 'music.download',
  products: 'plans.update',
  vouchers: 'vouchers.update',
  subscriptions: 'subscriptions.update',
} as const;
