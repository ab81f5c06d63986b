import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { initLocale } from '@/lib/i18n';
import { initTheme } from '@/lib/theme';
import { App } from '@/app/app';

initTheme();

// The boot script's renewal in flight: the account will name the language (lib/i18n.ts, initLocale).
void initLocale(window.__redactaBootRefresh !== undefined).finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
