import { z } from 'zod';

/** Forms a bot check can guard; `recaptcha.enable.<action>` turns each on. */
export const BOT_CHECK_ACTIONS = ['contact', 'register'] as const;
export type BotCheckAction = (typeof BOT_CHECK_ACTIONS)[number];

export const botCheckVerifySchema = z.object({
  token: z.string().min(1, 'The token field is required.').max(20_000),
  action: z.enum(BOT_CHECK_ACTIONS).optional(),
});
export type BotCheckVerifyInput = z.infer<typeof botCheckVerifySchema>;
