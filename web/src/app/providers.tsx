import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect, type ReactNode } from 'react';
import { I18nextProvider } from 'react-i18next';
import { queryClient } from '../api/query-client';
import { applyTranslations, i18n } from '../i18n/i18n';
import { useBootstrap } from './bootstrap';

/**
 * Everything the screens rely on. Bootstrap data needs no provider: it is an external store
 * (see bootstrap.ts) that must be loaded with `setBootstrapData` before the first render.
 */
export function Providers({ children }: { children: ReactNode }) {
  const { i18n: translations } = useBootstrap();

  // Logging in can switch the language; the first render already has it (see main.tsx).
  useEffect(() => applyTranslations(translations), [translations]);

  return (
    <QueryClientProvider client={queryClient}>
      <I18nextProvider i18n={i18n}>
        {children}
        {/* Toaster slot: render the design system's <Toaster /> (ui/toast/toaster.tsx) here. */}
      </I18nextProvider>
    </QueryClientProvider>
  );
}
