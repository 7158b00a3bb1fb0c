import type { BackstageRequest } from '@cadenza/contracts/backstage';

/** What each kind of request is called, for its author and its reviewers. */
export const REQUEST_TYPE_LABELS: Record<BackstageRequest['type'], string> = {
  'become-artist': 'New artist profile',
  'claim-artist': 'Claim of an artist profile',
  'verify-artist': 'Verified badge',
};

export const REQUEST_STATUS_LABELS: Record<BackstageRequest['status'], string> = {
  pending: 'Waiting for review',
  approved: 'Approved',
  denied: 'Declined',
};

export const REQUEST_STATUS_TONES = {
  pending: 'warning',
  approved: 'positive',
  denied: 'danger',
} as const;
