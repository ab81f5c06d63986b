import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { drawsWithCoreTexts, initLocale, loadFeatureTexts } from '@/lib/i18n';
import { initTheme } from '@/lib/theme';
import { App } from '@/app/app';

initTheme();

// The boot script's renewal in flight: the account will name the language (lib/i18n.ts, initLocale).
// The features' texts (the boot script has asked for their chunk) come first, but on the pages drawn
// from the core texts; should they fail to load, the app router waits for them again.
void Promise.all([
  initLocale(window.__redactaBootRefresh !== undefined),
  drawsWithCoreTexts(window.location.pathname) ? null : loadFeatureTexts().catch(() => undefined),
]).finally(() => {
  const root = createRoot(document.getElementById('root')!);
  // A transition: React renders the first screens in slices, handing the page back to the browser
  // between them, instead of in one long task (first renders also compile the code they run). The
  // page's own loader (index.html) stays until the first screen is ready.
  startTransition(() =>
    root.render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
});
