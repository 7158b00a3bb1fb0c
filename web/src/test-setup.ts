import { cleanup } from '@testing-library/react';
import { afterEach } from 'vitest';
// Components translate their text; give them the app's i18next instance, as main.tsx does.
import './i18n/i18n';

// jsdom does not scroll; the router's scroll restoration calls this on every navigation.
window.scrollTo = () => {};

afterEach(() => cleanup());
