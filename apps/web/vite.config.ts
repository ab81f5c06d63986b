import { fileURLToPath, URL } from 'node:url';
import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

const api = 'http://localhost:3000';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    outDir: 'dist',
    assetsDir: 'assets',
    emptyOutDir: true,
    sourcemap: false,
    rolldownOptions: {
      output: {
        // Lazy screens share many tiny modules (one per icon, per primitive); two groups keep that to
        // a couple of requests. What the first chunk needs (spinner, button classes, toaster) stays out.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            { name: 'icons', test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](?!loader-circle)/ },
            {
              name: 'ui',
              test: /(src[\\/]components[\\/]ui[\\/](?!spinner|cn|toaster|button)|@radix-ui|@floating-ui|react-remove-scroll|aria-hidden|use-callback-ref|use-sidecar|react-style-singleton|get-nonce|tslib)/,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      '/api': { target: api, changeOrigin: true },
      '/dev': { target: api, changeOrigin: true },
    },
  },
});
