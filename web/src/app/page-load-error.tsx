import clsx from 'clsx';
import { RotateCw } from 'lucide-react';
import { useTranslation } from '../i18n/use-translation';
import { Button } from '../ui/button';

/**
 * The state of a page that failed to load (spec section 2), with a retry. It fills the window;
 * `inScreen` draws it in the content of a screen whose frame still stands (the web player's
 * navigation and player bar), a size smaller and one heading level down, below the screen's own
 * title. A screen that failed before drawing its title passes `headingLevel={1}`: the error is
 * then its title.
 */
export function PageLoadError({
  onRetry,
  inScreen = false,
  headingLevel = inScreen ? 2 : 1,
}: {
  onRetry: () => void;
  inScreen?: boolean;
  headingLevel?: 1 | 2;
}) {
  const { t } = useTranslation();
  const Frame = inScreen ? 'div' : 'main';
  const Heading = headingLevel === 1 ? 'h1' : 'h2';
  return (
    <Frame
      role="alert"
      className={clsx(
        'flex flex-col items-center px-6 py-16 text-center',
        !inScreen && 'min-h-screen justify-center bg-bg text-fg',
      )}
    >
      <Heading
        className={clsx('font-semibold text-balance', inScreen ? 'text-xl' : 'max-w-xl text-2xl')}
      >
        {t('There was an issue loading this page')}
      </Heading>
      <p className={clsx('mt-2 text-fg-muted', inScreen ? 'text-sm' : 'text-base')}>
        {t('Please try again later')}
      </p>
      <Button
        variant="outline"
        radius="full"
        className={inScreen ? 'mt-6' : 'mt-8'}
        startIcon={<RotateCw className="size-4" aria-hidden />}
        onClick={onRetry}
      >
        {t('Try again')}
      </Button>
    </Frame>
  );
}
