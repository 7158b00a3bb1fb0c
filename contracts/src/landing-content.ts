import { z } from 'zod';

const text = (max: number) => z.string().max(max);

/** A call-to-action button of the landing page; shown by the same rules as a menu item. */
export const landingActionSchema = z.object({
  label: text(100),
  /** A path inside the app (type route) or a URL (type link). */
  action: text(2000),
  type: z.enum(['route', 'link']),
  /** A lucide icon name, shown before the label. */
  icon: text(50).optional(),
  /** Role ids the visitor must all hold. */
  roles: z.array(z.number().int()).max(50).optional(),
  /** Permission names the visitor must all hold. */
  permissions: z.array(text(100)).max(50).optional(),
});
export type LandingAction = z.infer<typeof landingActionSchema>;

export const landingFeatureSchema = z.object({
  image: text(2000),
  title: text(200),
  subtitle: text(200),
  description: text(2000),
});
export type LandingFeature = z.infer<typeof landingFeatureSchema>;

/** The landing page's text and images (spec section 3, "Landing content"); setting `landing.content`. */
export const landingContentSchema = z.object({
  headerTitle: text(200),
  headerSubtitle: text(1000),
  headerImage: text(2000),
  /** 0–1: how strongly the header image shows through its overlay. */
  headerImageOpacity: z.number().min(0).max(1),
  /** The overlay is a diagonal gradient from colour 1 to colour 2 (any CSS colour). */
  headerOverlayColor1: text(100),
  headerOverlayColor2: text(100),
  actions: z.object({
    cta1: landingActionSchema.nullish(),
    cta2: landingActionSchema.nullish(),
    cta3: landingActionSchema.nullish(),
  }),
  primaryFeatures: z.array(landingFeatureSchema).max(12),
  secondaryFeatures: z.array(landingFeatureSchema).max(12),
  pricingTitle: text(200),
  pricingSubtitle: text(1000),
  footerTitle: text(200),
  footerSubtitle: text(1000),
  footerImage: text(2000),
});
export type LandingContent = z.infer<typeof landingContentSchema>;
