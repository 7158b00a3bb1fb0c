import type { LandingFeature } from '@cadenza/contracts/landing-content';
import clsx from 'clsx';
import { useTranslation } from '../../../i18n/use-translation';

/** Primary features: a row of cards, each with an icon tile, a kicker, a title and a text. */
export function PrimaryFeatures({ features }: { features: LandingFeature[] }) {
  const { t } = useTranslation();
  if (features.length === 0) return null;
  return (
    <section
      aria-label={t('Features')}
      className="mx-auto w-full max-w-[1280px] px-4 py-16 sm:px-6 sm:py-24"
    >
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-3">
        {features.map((feature, index) => (
          <li
            key={index}
            className="flex flex-col gap-4 rounded-lg border border-border bg-bg-elevated p-6 sm:p-8"
          >
            {feature.image && (
              <img src={feature.image} alt="" width={56} height={56} className="size-14" />
            )}
            <div className="flex flex-col gap-2">
              {feature.subtitle && (
                <p className="text-xs font-semibold tracking-widest text-primary uppercase">
                  {t(feature.subtitle)}
                </p>
              )}
              <h2 className="text-xl font-semibold">{t(feature.title)}</h2>
              <p className="text-sm leading-6 text-fg-muted">{t(feature.description)}</p>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Secondary features: a large picture beside its text, sides alternating row by row. */
export function SecondaryFeatures({ features }: { features: LandingFeature[] }) {
  const { t } = useTranslation();
  if (features.length === 0) return null;
  return (
    <section
      aria-label={t('More features')}
      className="mx-auto flex w-full max-w-[1280px] flex-col gap-12 px-4 py-8 sm:gap-16 sm:px-6 sm:py-16"
    >
      {features.map((feature, index) => (
        <article
          key={index}
          className="grid items-center gap-8 md:grid-cols-2 md:gap-16"
          data-side={index % 2 === 0 ? 'image-start' : 'image-end'}
        >
          <div className={clsx('aspect-[4/3] w-full', index % 2 === 1 && 'md:order-last')}>
            {feature.image && (
              <img
                src={feature.image}
                alt=""
                width={736}
                height={552}
                // Far below the header: fetched as the visitor scrolls near it.
                loading="lazy"
                className="size-full object-contain"
              />
            )}
          </div>
          <div className="flex flex-col gap-4">
            {feature.subtitle && (
              <p className="text-xs font-semibold tracking-widest text-primary uppercase">
                {t(feature.subtitle)}
              </p>
            )}
            <h2 className="text-2xl font-bold tracking-tight text-balance sm:text-3xl">
              {t(feature.title)}
            </h2>
            <p className="text-base leading-7 text-fg-muted">{t(feature.description)}</p>
          </div>
        </article>
      ))}
    </section>
  );
}
