import crypto from 'node:crypto';

/**
 * AES-256-GCM with a key derived from the app key, one key per purpose: secrets that must be
 * read back (two-factor secrets, music app passwords) are never stored plain.
 */
export function secretBox(appKey: string, purpose = 'two-factor') {
  const key = crypto.createHash('sha256').update(`${purpose}:${appKey}`).digest();
  return {
    seal(plain: string): string {
      const iv = crypto.randomBytes(12);
      const cipher = crypto.createCipheriv('aes-256-gcm', key, iv);
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()]);
      return [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url')).join('.');
    },
    open(sealed: string): string {
      const [iv, tag, body] = sealed.split('.').map((part) => Buffer.from(part, 'base64url'));
      if (!iv || !tag || !body) throw new Error('malformed sealed value');
      const decipher = crypto.createDecipheriv('aes-256-gcm', key, iv);
      decipher.setAuthTag(tag);
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8');
    },
  };
}
export type SecretBox = ReturnType<typeof secretBox>;
