import { useTranslation } from '../../i18n/use-translation';
import { useSetting } from '../../api/bootstrap';
import { Logo } from './logo';
import { MenuLink } from './menu-link';
import { useShellControls } from './shell-controls';
import { useMenuItems } from './use-menu';

const linkClasses = 'rounded-sm text-sm text-fg-muted transition-colors hover:text-fg';

/** The footer menus, the copyright line, the language picker and the theme toggle. */
export function Footer() {
  const { t } = useTranslation();
  const primary = useMenuItems('footer');
  const secondary = useMenuItems('footer-secondary');
  const siteName = useSetting('branding.site_name') ?? 'Cadenza';
  const year = new Date().getFullYear();
  const { LanguagePicker, ThemeToggle } = useShellControls();

  return (
    <footer className="border-t border-border bg-bg text-fg">
      <div className="mx-auto flex max-w-[1280px] flex-col gap-8 px-4 py-12 sm:px-6">
        <div className="flex flex-col gap-8 sm:flex-row sm:items-start sm:justify-between">
          <div className="flex max-w-xs flex-col gap-3">
            <Logo />
            <p className="text-sm text-fg-muted">{t('Listen to and discover music you love.')}</p>
          </div>
          <FooterMenu items={primary} label={t('Footer')} className="gap-x-8 gap-y-3" />
        </div>
        <div className="flex flex-col-reverse gap-4 border-t border-border pt-6 sm:flex-row sm:items-center sm:justify-between">
          <div className="flex flex-wrap items-center gap-x-6 gap-y-2">
            <p className="text-sm text-fg-muted">
              {t('© {{year}} {{siteName}}', { year, siteName })}
            </p>
            <FooterMenu items={secondary} label={t('Secondary')} className="gap-x-6 gap-y-2" />
          </div>
          <div className="-ms-3 flex items-center gap-1 sm:ms-0">
            <LanguagePicker />
            <ThemeToggle />
          </div>
        </div>
      </div>
    </footer>
  );
}

/** One footer menu as a labelled list of links; nothing when it has no items. */
function FooterMenu({
  items,
  label,
  className,
}: {
  items: ReturnType<typeof useMenuItems>;
  label: string;
  className: string;
}) {
  const { t } = useTranslation();
  if (items.length === 0) return null;
  return (
    <nav aria-label={label}>
      <ul className={`flex flex-wrap ${className}`}>
        {items.map((item) => (
          <li key={item.id}>
            <MenuLink item={item} className={linkClasses}>
              {t(item.label)}
            </MenuLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}
