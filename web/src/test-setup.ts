import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
// Components translate their text; give them the app's i18next instance, as main.tsx does.
import './i18n/i18n';
// Browser APIs jsdom lacks and the radix primitives use (ResizeObserver, pointer capture…).
import './ui/test-utils';

// jsdom does not scroll; the router's scroll restoration calls this on every navigation.
window.scrollTo = () => {};

afterEach(() => cleanup());
