import type { LandingContent } from '@cadenza/contracts/landing-content';
import { useTranslation } from '../../../i18n/use-translation';
import { LandingActionButton } from './landing-action';

/** The closing banner: image, title, subtitle and the third call-to-action. */
export function LandingFooter({ content }: { content: LandingContent }) {
  const { t } = useTranslation();
  return (
    <section
      aria-labelledby="landing-footer"
      className="mx-auto w-full max-w-[1280px] px-4 pt-8 pb-16 sm:px-6 sm:pb-24"
    >
      <div className="relative isolate overflow-hidden rounded-lg bg-[#08080d] px-6 py-16 text-center text-white sm:px-16 sm:py-24">
        {content.footerImage && (
          <img
            src={content.footerImage}
            alt=""
            loading="lazy"
            className="absolute inset-0 -z-10 size-full object-cover"
          />
        )}
        <h2
          id="landing-footer"
          className="text-3xl font-bold tracking-tight text-balance sm:text-5xl"
        >
          {t(content.footerTitle)}
        </h2>
        <p className="mx-auto mt-4 max-w-xl text-base text-pretty text-white/80 sm:text-xl">
          {t(content.footerSubtitle)}
        </p>
        <div className="mt-8 flex justify-center">
          <LandingActionButton action={content.actions.cta3} />
        </div>
      </div>
    </section>
  );
}
