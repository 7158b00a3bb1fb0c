import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { SiteLogo } from './site-logo';

interface AuthLayoutProps {
  heading: ReactNode;
  description?: ReactNode;
  /** Under the card: links such as "Don't have an account? Sign up." */
  footer?: ReactNode;
  children: ReactNode;
}

/** The centred 440 px column of the login, registration and password screens (VISUAL.md). */
export function AuthLayout({ heading, description, footer, children }: AuthLayoutProps) {
  return (
    <main className="flex min-h-dvh flex-col items-center bg-bg px-4 py-12 text-fg sm:justify-center sm:py-16">
      <SiteLogo className="mb-8" />
      <div className="w-full max-w-[440px] rounded-lg border border-border bg-bg-elevated px-6 py-8 sm:px-8">
        <h1 className="text-2xl font-semibold">{heading}</h1>
        {description && <p className="mt-2 text-sm text-fg-muted">{description}</p>}
        <div className="mt-6">{children}</div>
      </div>
      {footer && <div className="mt-6 text-center text-sm text-fg-muted">{footer}</div>}
    </main>
  );
}

interface AuthFooterLinkProps {
  /** The question before the link, such as "Don't have an account?". */
  prompt?: ReactNode;
  to: string;
  children: ReactNode;
}

/** The footer line that sends the visitor to the neighbouring auth screen. */
export function AuthFooterLink({ prompt, to, children }: AuthFooterLinkProps) {
  return (
    <>
      {prompt && <>{prompt} </>}
      <Link to={to} className="font-medium text-primary underline underline-offset-2">
        {children}
      </Link>
    </>
  );
}
