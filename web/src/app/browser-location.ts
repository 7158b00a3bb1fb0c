/**
 * Full page loads away from the app's router: the server's own pages, downloads, other sites.
 * One object, so tests can watch where the app sends the browser (jsdom cannot navigate, and a
 * window's `location` cannot be replaced).
 */
export const browserLocation = {
  assign(url: string): void {
    window.location.assign(url);
  },
};
