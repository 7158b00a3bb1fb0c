import { AVATAR_MAX_BYTES } from '@cadenza/contracts/users';
import { formatFileSize } from '../../../i18n/format';

export interface AvatarProblem {
  message: string;
  values?: Record<string, string>;
}

/** Spec section 9: avatars are images of at most 2 MB, checked before they are uploaded. */
export function checkAvatarFile(file: File): AvatarProblem | null {
  if (!file.type.startsWith('image/')) return { message: 'Please select an image.' };
  if (file.size > AVATAR_MAX_BYTES) {
    return {
      message: '`{{file}}` exceeds maximum allowed size of {{size}}',
      values: { file: file.name, size: formatFileSize(AVATAR_MAX_BYTES) },
    };
  }
  return null;
}
