/**
 * Code that runs inside the page, kept as plain JavaScript source: tsx compiles this package's
 * functions with helpers (`__name`) that do not exist in the page, so they cannot be passed as is.
 */

/** Before the page loads: watch every frame for the last reply on screen and note the time. */
export function watchForLastReplyScript(replyId: string, marker: string): string {
  return `(() => {
  const replyId = ${JSON.stringify(replyId)};
  const marker = ${JSON.stringify(marker)};
  const bench = (window.__bench = {});
  function find() {
    const byId = document.querySelector('article[data-entry-id="' + replyId + '"]');
    if (byId) return byId;
    const articles = document.querySelectorAll('article');
    const last = articles[articles.length - 1];
    return last && last.textContent.includes(marker) ? last : null;
  }
  function tick() {
    const reply = find();
    if (reply) {
      const rect = reply.getBoundingClientRect();
      if (rect.height > 0 && rect.top < window.innerHeight && rect.bottom > 0) {
        bench.lastReplyAt = performance.now();
        return;
      }
    }
    requestAnimationFrame(tick);
  }
  requestAnimationFrame(tick);
})();`;
}

/**
 * Scrolls the conversation up a fixed step per frame, noting every frame's time, until the first
 * entry is on screen at the top (older pages given time to arrive) or the time allowed runs out.
 */
export function scrollToTopScript(step: number, capMs: number, firstMarker: string): string {
  return `new Promise((resolve, reject) => {
  const step = ${step};
  const capMs = ${capMs};
  const firstMarker = ${JSON.stringify(firstMarker)};
  let scroller = document.querySelector('[data-chat-scroller]');
  if (!scroller) {
    let node = document.querySelector('article');
    while (node && !(node.scrollHeight > node.clientHeight && getComputedStyle(node).overflowY !== 'visible')) {
      node = node.parentElement;
    }
    scroller = node;
  }
  if (!scroller) return reject(new Error('no scrolling conversation found'));
  const times = [];
  let pixels = 0;
  let stillAtTop = 0;
  const started = performance.now();
  function firstShown() {
    return Array.from(document.querySelectorAll('article'))
      .slice(0, 3)
      .some((article) => article.textContent.includes(firstMarker));
  }
  function frame(now) {
    times.push(now);
    const before = scroller.scrollTop;
    scroller.scrollTop = Math.max(0, before - step);
    pixels += before - scroller.scrollTop;
    // At the top an older page may still be on its way: it lands above and moves scrollTop down.
    stillAtTop = scroller.scrollTop === 0 ? stillAtTop + 1 : 0;
    const done = (stillAtTop > 30 && firstShown()) || stillAtTop > 180;
    if (done || now - started > capMs) {
      resolve({ times, reachedTop: scroller.scrollTop === 0 && firstShown(), pixels });
      return;
    }
    requestAnimationFrame(frame);
  }
  requestAnimationFrame(frame);
})`;
}

/**
 * When the entry scripts had run, when the session's refresh was answered, and when the conversation's
 * first page was asked for and answered.
 */
export const loadBreakdownScript = `(() => {
  const navigation = performance.getEntriesByType('navigation')[0];
  const resources = performance.getEntriesByType('resource');
  function entry(part) {
    return resources.find((resource) => resource.name.includes(part));
  }
  function answered(part) {
    return entry(part) ? Math.round(entry(part).responseEnd) : null;
  }
  return {
    scriptsRunMs: Math.round(navigation.domContentLoadedEventEnd),
    sessionMs: answered('/api/auth/refresh'),
    conversationAskedMs: entry('/conversation') ? Math.round(entry('/conversation').startTime) : null,
    conversationMs: answered('/conversation'),
  };
})()`;
