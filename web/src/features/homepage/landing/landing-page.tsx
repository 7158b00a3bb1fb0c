import type { LandingContent } from '@cadenza/contracts/landing-content';
import { DEFAULT_LANDING_CONTENT } from '@cadenza/contracts/landing-defaults';
import { useSetting } from '../../../api/bootstrap';
import { ShellFrame } from '../../shell/shell-layout';
import { PrimaryFeatures, SecondaryFeatures } from './landing-features';
import { LandingFooter } from './landing-footer';
import { LandingHeader } from './landing-header';
import { LandingPricing } from './landing-pricing';
import { TrendingArtists } from './trending-artists';

/** The landing page (spec section 2), every section driven by the `landing.*` settings. */
export function LandingPage() {
  const stored = useSetting('landing.content');
  // A partly edited setting still renders: missing fields fall back to the defaults.
  const content: LandingContent = stored
    ? { ...DEFAULT_LANDING_CONTENT, ...stored, actions: stored.actions ?? {} }
    : DEFAULT_LANDING_CONTENT;
  const showTrending = useSetting('landing.show_trending') !== false;
  const pricingOnHomepage = useSetting('homepage.pricing') === true;
  const billingEnabled = useSetting('billing.enable') === true;
  const showPricing = pricingOnHomepage && billingEnabled;

  return (
    <ShellFrame navbar="overlay">
      <main>
        <LandingHeader content={content} />
        <PrimaryFeatures features={content.primaryFeatures} />
        <SecondaryFeatures features={content.secondaryFeatures} />
        {showTrending && <TrendingArtists />}
        {showPricing && (
          <LandingPricing title={content.pricingTitle} subtitle={content.pricingSubtitle} />
        )}
        <LandingFooter content={content} />
      </main>
    </ShellFrame>
  );
}
