import { CreditCard } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '../../../ui/button';
import { EmptyState } from '../../../ui/empty-state';
import { SectionHeading } from './section-heading';

/** The pricing section; the plans themselves arrive with billing. */
export function LandingPricing({ title, subtitle }: { title: string; subtitle: string }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="landing-pricing"
      className="mx-auto w-full max-w-[1280px] px-4 py-16 sm:px-6 sm:py-24"
    >
      <SectionHeading id="landing-pricing" title={t(title)} subtitle={t(subtitle)} />
      <EmptyState
        image={<CreditCard size={40} strokeWidth={1.5} />}
        message={t('No plans are available yet')}
        description={t('Plans will be listed here as soon as they are published.')}
        action={
          <Button asChild variant="outline" radius="full">
            <Link to="/contact">{t('Contact us')}</Link>
          </Button>
        }
        className="rounded-lg border border-dashed border-border"
      />
    </section>
  );
}
