/* global window, location, fetch, URLSearchParams */
/*
 * Renews the session while the app's own scripts are still downloading, instead of once they have
 * run: the app's first renewal (apps/web/src/lib/api-client.ts, `refreshSession`) takes this request's
 * answer instead of sending one of its own. An external file because the CSP forbids inline scripts;
 * a plain (blocking) script so it runs before the app's module scripts, never after them.
 *
 * Why this is safe:
 * - One renewal per refresh cookie. The server rotates the cookie on every renewal, and a rotated one
 *   presented again would end the session. This request is the page's first; the app takes it exactly
 *   once (the property is deleted as it is read) and every later renewal is a new request, sent after
 *   this one has answered and the browser holds the new cookie. The app's renewals all go through that
 *   one function, which shares one request among concurrent callers.
 * - Pages that do not renew the session at start are skipped (sign-in, the legal texts, and links that
 *   carry a token of their own), so this never renews where the app would not.
 * - Nothing is stored: no token is written to storage, a cookie or the DOM. The answer stays a promise
 *   of a Response in memory, on a property only the app's code reads (and deletes) as it starts; the CSP lets no script but our own files run on the page, and any script that could read
 *   the property could as well ask for a renewal itself. Browser extensions' content scripts do not
 *   share the page's JavaScript globals.
 * - Failure and signed-out behave as before: the app reads this answer as it would read its own (a 401
 *   or a network error sends the visitor to /login).
 */
(function () {
  var path = location.pathname;
  if (path === '/login' || path === '/terms' || path === '/privacy') return;
  if (new URLSearchParams(location.search).has('token')) return;
  var answer = fetch('/api/auth/refresh', {
    headers: { Accept: 'application/json', 'X-Requested-With': 'XMLHttpRequest' },
    credentials: 'include',
  });
  // A failure is the app's to report when it reads the answer, not an unhandled rejection here.
  answer.catch(function () {});
  Object.defineProperty(window, '__redactaBootRefresh', { value: answer, configurable: true });
})();
