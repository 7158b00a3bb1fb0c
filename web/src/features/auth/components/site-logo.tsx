import clsx from 'clsx';
import { Link } from 'react-router';
import { useSetting } from '../../../api/bootstrap';
import { useThemeSelector } from '../../../theme/use-theme-selector';

/**
 * The site's logo linking home, in the variant for the active theme: `branding.logo_light` is
 * the light-coloured logo drawn on dark themes, `branding.logo_dark` the one for light themes.
 */
export function SiteLogo({ className }: { className?: string }) {
  const siteName = useSetting('branding.site_name') || 'Cadenza';
  const light = useSetting('branding.logo_light');
  const dark = useSetting('branding.logo_dark');
  const { activeTheme } = useThemeSelector();
  // With no themes at all the app's default colours, which are dark, apply.
  const isDark = activeTheme?.is_dark ?? true;
  const src = isDark ? light || dark : dark || light;
  return (
    <Link to="/" className={clsx('inline-flex h-10 items-center rounded-sm', className)}>
      {src ? (
        <img
          src={src}
          alt={siteName}
          className="h-10 w-auto max-w-48 object-contain"
          data-variant={isDark ? 'dark' : 'light'}
        />
      ) : (
        <span className="text-2xl font-semibold text-fg">{siteName}</span>
      )}
    </Link>
  );
}
