// Apart from the theme schemas, so the web app's first page loads no zod to read the choice.

/** localStorage key holding 'light', 'dark' or a theme id. */
export const ACTIVE_THEME_KEY = 'be-active-theme';
