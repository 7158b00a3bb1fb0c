import { createContext, useContext, type ComponentType } from 'react';
import type { AuthUser } from '../../api/bootstrap';

/**
 * The shell's controls that open something (the mobile menu tray, the user and language menus,
 * the bell, the workspace switcher, the theme toggle's tooltip): most of the navbar's and the
 * footer's code, Radix's primitives. The app provides them as they are (`Providers`); the
 * landing page's own entry provides them loaded after its own code
 * (`homepage/landing/deferred-shell-controls.tsx`), so a first visit does not wait for them.
 */
export interface ShellControls {
  MobileNav: ComponentType<{ className?: string }>;
  WorkspaceSwitcher: ComponentType<{ className?: string }>;
  NotificationBell: ComponentType<{ className?: string }>;
  UserMenu: ComponentType<{ user: AuthUser }>;
  LanguagePicker: ComponentType<{ className?: string }>;
  ThemeToggle: ComponentType<{ className?: string }>;
}

const ShellControlsContext = createContext<ShellControls | null>(null);

export const ShellControlsProvider = ShellControlsContext.Provider;

export function useShellControls(): ShellControls {
  const controls = useContext(ShellControlsContext);
  if (!controls) throw new Error('The shell is rendered outside the app’s providers.');
  return controls;
}
