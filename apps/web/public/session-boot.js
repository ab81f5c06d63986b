/* global window, document, location, fetch, setTimeout, URLSearchParams */
/*
 * Renews the session while the app's own scripts are still downloading, instead of once they have
 * run, then asks for the workspace list and, opening the chat on a project the page already names,
 * that project and the newest page of its conversation (and meanwhile loads the browser's date and
 * number data, and on the chat the chunks of its code beyond the entry's):
 * the app's first renewal (apps/web/src/lib/api-client.ts, `refreshSession`) and its first reads of
 * the list (`getWorkspaceList`) and of the project and conversation (`getFirstRead`) take these
 * requests' answers instead of sending their own. An
 * external file because the CSP forbids inline scripts; a deferred classic script placed before the
 * app's module script, so it runs before it, never after (deferred and module scripts run in the
 * order of the page once it is parsed), without holding back the first paint as a plain one did.
 *
 * Why this is safe:
 * - One renewal per refresh cookie. The server rotates the cookie on every renewal, and a rotated one
 *   presented again would end the session. This request is the page's first; the app takes it exactly
 *   once (the property is deleted as it is read) and every later renewal is a new request, sent after
 *   this one has answered and the browser holds the new cookie. The app's renewals all go through that
 *   one function, which shares one request among concurrent callers.
 * - Pages that do not renew the session at start are skipped (sign-in, the legal texts, and links that
 *   carry a token of their own), so this never renews where the app would not.
 * - Nothing is stored: no token is written to storage, a cookie or the DOM. The answers stay promises
 *   of a Response in memory, on properties only the app's code reads (and deletes) as it starts; the
 *   CSP lets no script but our own files run on the page, and any script that could read the
 *   properties could as well ask for a renewal itself. The access token is used for these reads
 *   only, and kept nowhere. Browser extensions' content scripts do not share the page's JavaScript
 *   globals.
 * - The project is one the app would ask for first as it opens the chat (app/layout/prefetch-open-chat.ts,
 *   `projectAboutToOpen`): the address's, else the one last opened on this device. Its answer, a 404
 *   included, is what the app's own request would have been; so is the model status of the
 *   workspace it names, the one the chat opens it in.
 * - Failure and signed-out behave as before: the app reads these answers as it would read its own (a
 *   401, a 204 for a visitor without a refresh cookie, or a network error on the renewal sends the
 *   visitor to /login; the list's failure is retried by the app's own request).
 */
(function () {
  var path = location.pathname;
  if (path === '/login' || path === '/terms' || path === '/privacy') return;
  // Every other page draws its first screen with the features' texts, a chunk the build names on this
  // script's tag (apps/web/src/lib/i18n.ts, loadFeatureTexts): asked for now, beside the entry.
  preload('data-text-modules');
  if (new URLSearchParams(location.search).has('token')) return;
  // X-Session-Optional: a visitor who never signed in (no refresh cookie) is answered 204, not a 401
  // the browser would log as a failed request; the app reads it as signed out all the same.
  var answer = fetch('/api/auth/refresh', {
    headers: {
      Accept: 'application/json',
      'X-Requested-With': 'XMLHttpRequest',
      'X-Session-Optional': '1',
    },
    credentials: 'include',
  });
  // A failure is the app's to report when it reads the answer, not an unhandled rejection here.
  answer.catch(function () {});
  Object.defineProperty(window, '__redactaBootRefresh', { value: answer, configurable: true });
  // The workspace list, which everything the app opens waits for, asked for as soon as the renewal
  // answers, with its access token; the app's first read of the list takes this answer (null when the
  // renewal failed: the app then asks itself). The token lives only in this chain of callbacks.
  var token = answer
    .then(function (response) {
      return response.status === 200 ? response.clone().json() : null;
    })
    .then(function (session) {
      return session && typeof session.accessToken === 'string' ? session.accessToken : null;
    })
    .catch(function () {
      return null;
    });
  // A read with the renewal's access token once it answers (null when there is none).
  function read(apiPath) {
    return token
      .then(function (accessToken) {
        if (!accessToken) return null;
        return fetch('/api' + apiPath, {
          headers: { Accept: 'application/json', Authorization: 'Bearer ' + accessToken },
        });
      })
      .catch(function () {
        return null;
      });
  }
  Object.defineProperty(window, '__redactaBootWorkspaces', {
    value: read('/workspace/list'),
    configurable: true,
  });
  var opensChat = path === '/' || path === '/chat';
  // The project the chat will open when the page already names it: its record and its newest
  // entries are asked for beside the list, where the app could only once its scripts had run and
  // the session was back. Only an id as the server makes them (anything else the app asks itself).
  var projectId = opensChat ? new URLSearchParams(location.search).get('project') : null;
  if (opensChat && !projectId) {
    try {
      projectId = window.localStorage.getItem('projectId');
    } catch {
      projectId = null;
    }
  }
  var knownProject = projectId !== null && /^[0-9a-f]{8}(-[0-9a-f]{4}){3}-[0-9a-f]{12}$/i.test(projectId);
  if (knownProject) {
    var reads = {};
    var project = read('/project/' + projectId);
    reads['/project/' + projectId] = project;
    reads['/project/' + projectId + '/conversation'] = read('/project/' + projectId + '/conversation');
    Object.defineProperty(window, '__redactaBootReads', { value: reads, configurable: true });
    // Which model answers in the project's workspace (the one the chat opens it in), which the chat
    // draws its conversation with (the demo notice above it): asked for as the project answers.
    project
      .then(function (response) {
        return response && response.ok ? response.clone().json() : null;
      })
      .then(function (opened) {
        if (!opened || typeof opened.workspaceId !== 'string') return;
        var status = '/workspace/' + opened.workspaceId + '/gpt-4/status';
        reads[status] = read(status);
      })
      .catch(function () {});
  }
  // Opening the chat (`/` leads there), the chunks it needs beyond the entry's, which the build names
  // on this script's tag, are asked for now, while the entry downloads: the app would ask for them
  // only once the entry had arrived and run. The app's own requests for them then find them loaded.
  // With a project known, so is the markdown renderer its replies are drawn with.
  function preload(attribute) {
    var tag = document.querySelector('script[' + attribute + ']');
    var modules = tag ? tag.getAttribute(attribute).split(' ') : [];
    modules.forEach(function (href) {
      if (!href) return;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.appendChild(link);
    });
  }
  if (opensChat) preload('data-chat-modules');
  if (knownProject) preload('data-reply-modules');
  // The first date a page formats in a language loads the browser's calendar data for it (15–40 ms
  // here, more on a phone), the first number its number data (tens of milliseconds on a phone), and
  // the signed-in screens format them as they first draw (the projects' dates and counts). Formatted
  // now, in the page's language (theme-init.js, which runs first, sets it from the saved choice) and
  // in a task of their own, they load while the app's scripts download and the page has nothing else
  // to do. The chat's first draw needs neither (its counts are written without the browser's number
  // data, lib/format-count.ts): opening it, both are left for later (on a busy machine this task
  // held back the answers above and the app's first script).
  if (!opensChat) {
    var language = document.documentElement.lang || undefined;
    setTimeout(function () {
      new Date().toLocaleDateString(language, { day: 'numeric', month: 'short', year: 'numeric' });
      (1000).toLocaleString(language);
    }, 0);
  }
})();
