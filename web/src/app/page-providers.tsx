import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { Toaster } from '../ui/toast/toaster';
import { queryClient } from '../api/query-client';
import { applyTranslations } from '../i18n/i18n';
import { useApplyActiveTheme } from '../theme/use-theme-selector';
import { useBootstrap } from '../api/bootstrap';
import { GlobalErrorDialog } from './error-handling/global-error-dialog';

/**
 * What every page relies on, the landing page's own entry included (the app adds its own in
 * `Providers`). Bootstrap data needs no provider: it is an external store (see bootstrap.ts)
 * that must be loaded with `setBootstrapData` before the first render.
 */
export function PageProviders({ children }: { children: ReactNode }) {
  const { i18n: translations } = useBootstrap();

  // Logging in can switch the language; the first render already has it (see main.tsx).
  useEffect(() => applyTranslations(translations), [translations]);
  // Keeps <html> in the active theme; index.html already applied it before the first paint.
  useApplyActiveTheme();

  return (
    <QueryClientProvider client={queryClient}>
      {children}
      <GlobalErrorDialog />
      <Toaster />
    </QueryClientProvider>
  );
}
