/**
 * A full page load, for the hops between the web entries: the back office (index.html) and
 * the light sign-in page (login.html) are separate documents served by the server. One object
 * so tests can watch the hop (jsdom cannot navigate).
 */
export const fullNavigation = {
  replace(url: string): void {
    window.location.replace(url);
  },
};
