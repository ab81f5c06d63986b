/* global localStorage, window, document */
(function () {
  try {
    var saved = localStorage.getItem('redacta.theme');
    var dark =
      saved === 'dark' || (saved !== 'light' && window.matchMedia('(prefers-color-scheme: dark)').matches);
    document.documentElement.classList.toggle('dark', dark);
    var locale = localStorage.getItem('redacta.locale');
    if (locale === 'en' || locale === 'es') document.documentElement.lang = locale;
  } catch {
    /* storage unavailable: keep the defaults */
  }
})();
