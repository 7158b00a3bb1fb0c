import { useTranslation } from '../../../i18n/use-translation';
import { Link } from 'react-router';
import { PlanCards } from '../../billing/plan-cards';
import { SectionHeading } from './section-heading';

/** The landing page's pricing section: the same plan cards as /pricing. */
export function LandingPricing({ title, subtitle }: { title: string; subtitle: string }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="landing-pricing"
      className="mx-auto w-full max-w-[1280px] px-4 py-16 sm:px-6 sm:py-24"
    >
      <SectionHeading id="landing-pricing" title={t(title)} subtitle={t(subtitle)} />
      <div className="mx-auto max-w-[1080px]">
        <PlanCards headingLevel={3} />
      </div>
      <p className="mt-8 text-center text-sm text-fg-muted">
        {t('Questions about the plans?')}{' '}
        <Link to="/contact" className="font-medium text-primary underline underline-offset-2">
          {t('Contact us')}
        </Link>
      </p>
    </section>
  );
}
