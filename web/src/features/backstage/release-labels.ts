import type { ReleaseStatus, ReleaseType } from '@cadenza/contracts/backstage';
import type { TFunction } from 'i18next';

export const releaseTypeLabels = (t: TFunction): Record<ReleaseType, string> => ({
  album: t('Album'),
  single: t('Single'),
  ep: t('EP'),
});

export const releaseStatusLabels = (t: TFunction): Record<ReleaseStatus, string> => ({
  draft: t('Draft'),
  scheduled: t('Scheduled'),
  published: t('Published'),
  unpublished: t('Unpublished'),
});

export const RELEASE_STATUS_TONES = {
  draft: 'neutral',
  scheduled: 'warning',
  published: 'positive',
  unpublished: 'danger',
} as const;
