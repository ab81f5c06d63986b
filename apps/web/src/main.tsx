import './lib/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import './index.css';
import { initLocale } from '@/lib/i18n';
import { initTheme } from '@/lib/theme';
import { App } from '@/app/app';

initTheme();

void initLocale().finally(() => {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
