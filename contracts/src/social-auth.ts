import { z } from 'zod';

/** `oidc` is the site's own OpenID Connect provider, set up by the operator's environment. */
export const SOCIAL_SERVICES = ['google', 'facebook', 'twitter', 'apple', 'oidc'] as const;
export type SocialService = (typeof SOCIAL_SERVICES)[number];
export const socialServiceSchema = z.enum(SOCIAL_SERVICES);

/** What the admin settings screen lists: which integrations the environment has set up. */
export const integrationSchema = z.object({
  id: z.string(),
  name: z.string(),
  configured: z.boolean(),
  /** The environment variables that set it up. */
  variables: z.array(z.string()),
});
export type Integration = z.infer<typeof integrationSchema>;

/** The popup of a social login or connect (spec section 9). */
export const SOCIAL_POPUP_WIDTH = 650;
export const SOCIAL_POPUP_HEIGHT = 550;

/** Marks the message the callback page posts to the window that opened the popup. */
export const SOCIAL_MESSAGE_SOURCE = 'cadenza-social-auth';

export type SocialStatus = 'SUCCESS' | 'ALREADY_LOGGED_IN' | 'REQUEST_PASSWORD' | 'ERROR';

/** What the callback page posts to `window.opener`. */
export interface SocialResult {
  source: typeof SOCIAL_MESSAGE_SOURCE;
  status: SocialStatus;
  /** SUCCESS of a login or registration. */
  bootstrapData?: Record<string, unknown>;
  /** SUCCESS of a login that still needs the two-factor code. */
  two_factor?: true;
  /** SUCCESS of a connect from account settings. */
  connected?: SocialService;
  /** REQUEST_PASSWORD: the service and the e-mail of the existing account. */
  service?: SocialService;
  email?: string;
  /** ERROR: what went wrong, when there is something to say. */
  message?: string;
}

export const socialProfileSchema = z.object({
  service_name: socialServiceSchema,
  username: z.string().nullable(),
});
export type SocialProfile = z.infer<typeof socialProfileSchema>;

export const socialConnectBodySchema = z.object({
  password: z.string().min(1, 'The password field is required.').max(1000),
});
