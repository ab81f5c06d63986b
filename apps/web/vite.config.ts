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
    // dist/.vite/manifest.json: which chunk each source module went to and what it imports statically
    // and lazily; the web benchmark reads it to tell a page's first load from its lazy chunks. The
    // server does not serve it: @fastify/static leaves dot-directories out, and an unknown path with
    // an extension is a 404.
    manifest: true,
    rolldownOptions: {
      output: {
        // Lazy screens share many tiny modules (one per icon, per primitive); a few groups keep that to
        // a handful of requests. What the first chunk needs (spinner, button classes, toaster, the
        // session gate's icons) stays out of them, so no group is fetched before the first page starts.
        // Icons used by two screens or more share one chunk (an icon of its own would cost a request
        // whose headers outweigh it); the others go with their screen.
        // Menus and popovers are apart from the dialog and tooltip primitives, and /login's fields (input,
        // language select) out of both, so a first visit to /login fetches neither.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'icons',
              minShareCount: 2,
              test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](?!loader-circle|door-open)/,
            },
            {
              name: 'fields',
              priority: 3,
              test: /src[\\/]components[\\/]ui[\\/](input|language-select)/,
            },
            {
              name: 'menus',
              priority: 2,
              test: /(src[\\/]components[\\/]ui[\\/]menu|@radix-ui[\\/]react-(menu|dropdown-menu|popover|roving-focus|collection|direction))/,
            },
            {
              name: 'ui',
              priority: 1,
              test: /(src[\\/]components[\\/]ui[\\/](?!spinner|cn|toaster|button|input|language-select)|@radix-ui|@floating-ui|react-remove-scroll|aria-hidden|use-callback-ref|use-sidecar|react-style-singleton|get-nonce|tslib)/,
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
