import {
  lazy,
  Suspense,
  useEffect,
  useState,
  type ComponentProps,
  type ComponentType,
} from 'react';
import type { ShellControls } from '../../shell/shell-controls';

// The landing page's shell controls (its menus, tray and tooltips, most of the shell's code):
// drawn on the server with the page, loaded in the browser after the page's own code.

/** A shell control in a Suspense boundary of its own, drawn on the server as it is. */
function inBoundary<Props extends object>(Control: ComponentType<Props>): ComponentType<Props> {
  return function Bounded(props: Props) {
    const [control] = useState<Token>(() => ({}));
    // Waits from the page's first commit until the control has come to life (both orders occur).
    useEffect(() => {
      if (!alive.has(control)) waiting.add(control);
      return () => {
        alive.delete(control);
        settle(control);
      };
    }, [control]);
    return (
      <Suspense fallback={null}>
        <Control {...props} />
        <Alive control={control} />
      </Suspense>
    );
  };
}

/** One control drawn on the page. */
type Token = object;

// The controls alive, those drawn but not yet alive, and who waits for none to be left.
const alive = new WeakSet<Token>();
const waiting = new Set<Token>();
let onceAllAlive: (() => void)[] = [];

function settle(control: Token) {
  waiting.delete(control);
  if (waiting.size > 0) return;
  const callbacks = onceAllAlive;
  onceAllAlive = [];
  callbacks.forEach((callback) => callback());
}

/** Mounts with its boundary's control: once its code has arrived and taken over its markup. */
function Alive({ control }: { control: Token }) {
  useEffect(() => {
    alive.add(control);
    settle(control);
  }, [control]);
  return null;
}

/**
 * Calls `callback` once every shell control on the page has come to life (at once when none
 * waits); from an effect of the page's root, which runs after the controls' own first effects.
 */
export function whenShellControlsAlive(callback: () => void): void {
  if (waiting.size === 0) callback();
  else onceAllAlive.push(callback);
}

/** The shell controls, each in its boundary: what the server draws them with. */
export function inBoundaries(controls: ShellControls): ShellControls {
  return Object.fromEntries(
    Object.entries(controls).map(([name, control]) => [name, inBoundary(control)]),
  ) as unknown as ShellControls;
}

/** The shell controls' code, asked for as soon as the page starts (`landing.tsx`). */
export const loadShellControls = () => import('../../shell/all-shell-controls');

/**
 * A shell control loaded after the landing page's own code, in one file with the others. The
 * server drew it in its boundary (`prerender.tsx`); the page comes to life without it, and it
 * takes over its markup as its code arrives. Until then it does not answer: React drops a click
 * on markup it has not taken over yet.
 */
function deferred<Name extends keyof ShellControls>(name: Name): ShellControls[Name] {
  type Props = ComponentProps<ShellControls[Name]>;
  const Control = lazy(async () => {
    const { allShellControls } = await loadShellControls();
    return { default: allShellControls[name] as ComponentType<Props> };
  });
  return inBoundary(Control) as ShellControls[Name];
}

export const deferredShellControls: ShellControls = {
  MobileNav: deferred('MobileNav'),
  WorkspaceSwitcher: deferred('WorkspaceSwitcher'),
  NotificationBell: deferred('NotificationBell'),
  UserMenu: deferred('UserMenu'),
  LanguagePicker: deferred('LanguagePicker'),
  ThemeToggle: deferred('ThemeToggle'),
};
