import clsx from 'clsx';
import { Link } from 'react-router';
import { useSetting } from '../../api/bootstrap';
import { useThemeSelector } from '../../theme/use-theme-selector';

export interface LogoProps {
  /** 'auto' follows the active theme; 'onDark' always uses the light logo (e.g. over a photo). */
  tone?: 'auto' | 'onDark';
  className?: string;
}

/**
 * The site logo, linking home. `branding.logo_light` is the light-coloured logo drawn on dark
 * themes and `branding.logo_dark` the dark one for light themes.
 */
export function Logo({ tone = 'auto', className }: LogoProps) {
  const siteName = useSetting('branding.site_name') ?? 'Cadenza';
  const light = useSetting('branding.logo_light');
  const dark = useSetting('branding.logo_dark');
  const { activeTheme } = useThemeSelector();
  const onDark = tone === 'onDark' || (activeTheme?.is_dark ?? true);
  const src = onDark ? light || dark : dark || light;

  return (
    <Link
      to="/"
      className={clsx('flex shrink-0 items-center rounded-sm', className)}
      aria-label={siteName}
    >
      {src ? (
        <img src={src} alt="" className="h-8 w-auto max-w-44 object-contain" />
      ) : (
        <span className="text-xl font-bold tracking-tight">{siteName}</span>
      )}
    </Link>
  );
}
