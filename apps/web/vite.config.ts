import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompressDirectory } from '../../scripts/precompress.mjs';

const api = 'http://localhost:3000';

/**
 * Once the build is written, puts a brotli and a gzip copy beside each text file of dist: the server
 * sends those by Accept-Encoding and never compresses a static file per request.
 */
function precompress(): Plugin {
  let outDir = '';
  return {
    name: 'redacta-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    async closeBundle() {
      const written = await precompressDirectory(outDir);
      this.info(`${written.length} brotli and gzip copies written`);
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), precompress()],
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
