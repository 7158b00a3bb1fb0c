import { cleanup, configure } from '@testing-library/react';
import { afterEach } from 'vitest';
// Components translate their text; give them the app's i18next instance, as main.tsx does.
import './i18n/i18n';
// Browser APIs jsdom lacks and the radix primitives use (ResizeObserver, pointer capture…).
import './ui/test-utils';

// jsdom does not scroll; the router's scroll restoration calls this on every navigation.
window.scrollTo = () => {};

// findBy and waitFor give up after 1 s by default: too soon for a screen drawn while the machine
// is busy with other work. A screen that never shows what is awaited still fails.
configure({ asyncUtilTimeout: 4_000 });

afterEach(() => cleanup());
