import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { initLocale } from '@/lib/i18n';
import { initTheme } from '@/lib/theme';
import { App } from '@/app/app';

initTheme();

// The boot script's renewal in flight: the account will name the language (lib/i18n.ts, initLocale).
void initLocale(window.__redactaBootRefresh !== undefined).finally(() => {
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
