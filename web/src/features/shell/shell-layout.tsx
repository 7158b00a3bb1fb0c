import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { Footer } from './footer';
import { Navbar, type NavbarProps } from './navbar';

export interface ShellFrameProps {
  navbar?: NavbarProps['variant'];
  children: ReactNode;
}

/** The navbar above a screen and the footer below it. */
export function ShellFrame({ navbar = 'solid', children }: ShellFrameProps) {
  return (
    // Relative: the landing page's floating navbar sits at the top of this frame, under the
    // banner of an admin signed in as someone else, not at the top of the window.
    <div className="relative flex min-h-dvh flex-col bg-bg text-fg">
      <Navbar variant={navbar} />
      <div className="relative flex flex-1 flex-col">{children}</div>
      <Footer />
    </div>
  );
}

/** Layout route for the marketing and account screens; the player has a layout of its own. */
export function ShellLayout() {
  return (
    <ShellFrame>
      <Outlet />
    </ShellFrame>
  );
}
