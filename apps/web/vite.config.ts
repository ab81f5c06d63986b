import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { fileURLToPath, URL } from 'node:url';
import { defineConfig, minifySync, type Plugin, type Rolldown } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';
import { precompressDirectory } from '../../scripts/precompress.mjs';

const api = 'http://localhost:3000';

/**
 * The scripts index.html loads from public/ as they are (theme-init.js, session-boot.js), copied to
 * dist unminified: their comments, which explain why they are safe, were most of what every first
 * visit downloaded of them (session-boot.js: 3.3 KB of gzip against 0.9 minified).
 */
const publicScripts = ['theme-init.js', 'session-boot.js'];

async function minifyPublicScripts(outDir: string): Promise<void> {
  for (const name of publicScripts) {
    const file = path.join(outDir, name);
    const { code, errors } = minifySync(name, await readFile(file, 'utf8'), { module: false });
    if (errors.length > 0) throw new Error(`${name} did not minify: ${errors[0]!.message}`);
    await writeFile(file, code);
  }
}

/**
 * Once the build is written, minifies the scripts copied from public/, then puts a brotli and a gzip
 * copy beside each text file of dist: the server sends those by Accept-Encoding and never compresses
 * a static file per request.
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
      await minifyPublicScripts(outDir);
      const written = await precompressDirectory(outDir);
      this.info(`${written.length} brotli and gzip copies written`);
    },
  };
}

const sourceRoot = fileURLToPath(new URL('./src', import.meta.url));

/** What the app loads lazily to open /chat: the chat's head start, the shell and the chat page. */
const chatOpeningModules = [
  'app/layout/prefetch-open-chat.ts',
  'features/chat/pages/chat-page.tsx',
  'app/layout/app-layout.tsx',
].map((file) => path.join(sourceRoot, file));

/** The markdown renderer, a lazy chunk the chat loads with a conversation that holds replies. */
const replyModules = ['features/chat/components/markdown-renderer.tsx'].map((file) =>
  path.join(sourceRoot, file),
);
/** The features' Spanish texts, which every page but sign-in and the legal texts waits for. */
const textModules = ['locales/feature-es-messages.ts'].map((file) => path.join(sourceRoot, file));

/**
 * Writes onto index.html's boot script the chunks opening /chat needs beyond those the entry imports
 * (`data-chat-modules`), those the markdown renderer needs beyond these (`data-reply-modules`, asked
 * for when the page names a project, whose conversation likely holds replies) and the features'
 * texts (`data-text-modules`, on every page but sign-in and the legal texts): the boot script asks
 * for them while the entry downloads, where the app could only once the entry had arrived and run
 * (a round trip and the entry's evaluation later).
 */
function chatModules(): Plugin {
  return {
    name: 'redacta-chat-modules',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle = {} }) {
        const chunks = new Map(
          Object.values(bundle).flatMap((item) => (item.type === 'chunk' ? [[item.fileName, item]] : [])),
        );
        const withImports = (fileNames: string[], into = new Set<string>()) => {
          for (const fileName of fileNames) {
            if (into.has(fileName)) continue;
            into.add(fileName);
            withImports(chunks.get(fileName)?.imports ?? [], into);
          }
          return into;
        };
        const loadedByEntry = withImports(
          [...chunks.values()].filter((c) => c.isEntry).map((c) => c.fileName),
        );
        const chunkOf = (module: string) => {
          const chunk = [...chunks.values()].find((c) => c.facadeModuleId === module);
          if (!chunk) throw new Error(`no chunk of its own for ${module}`);
          return chunk.fileName;
        };
        // In the order the app asks for them (router.tsx): the head start, the page, the shell.
        const files = [...withImports(chatOpeningModules.map(chunkOf))].filter((f) => !loadedByEntry.has(f));
        const replyFiles = [...withImports(replyModules.map(chunkOf))].filter(
          (f) => !loadedByEntry.has(f) && !files.includes(f),
        );
        const textFiles = [...withImports(textModules.map(chunkOf))].filter((f) => !loadedByEntry.has(f));
        // zod is evaluated as its chunk loads (tens of milliseconds on a phone, before the chat's
        // first draw): the chat loads it with the first reply that streams. A value the chat needs
        // at once comes from a module without schemas (shared's `*-limits.ts`, `*-values.ts`).
        const withZod = files.filter((file) => chunks.get(file)?.moduleIds.some(isZod));
        if (withZod.length > 0)
          throw new Error(`zod is in the chat's first load (${withZod.join(', ')}): see isZod`);
        const bootScript = '<script defer src="/session-boot.js"></script>';
        if (!html.includes(bootScript)) throw new Error(`index.html has no ${bootScript}`);
        const names = (list: string[]) => list.map((file) => `/${file}`).join(' ');
        return html.replace(
          bootScript,
          `<script defer src="/session-boot.js" data-chat-modules="${names(files)}" data-reply-modules="${names(replyFiles)}" data-text-modules="${names(textFiles)}"></script>`,
        );
      },
    },
  };
}

/** What the app's `import … from 'zod'` resolves to: zod, configured (see `resolve.alias`). */
const configuredZod = path.join(sourceRoot, 'lib/zod.ts');
const isZod = (id: string) => id === configuredZod || /node_modules[\\/]zod[\\/]/.test(id);

/** Every module `from` reaches through static imports, itself included. */
function staticClosure(from: string, ctx: Rolldown.ChunkingContext): Set<string> {
  const reached = new Set<string>();
  const pending = [from];
  for (let id = pending.pop(); id !== undefined; id = pending.pop()) {
    if (reached.has(id)) continue;
    reached.add(id);
    pending.push(...(ctx.getModuleInfo(id)?.importedIds ?? []));
  }
  return reached;
}

/**
 * The infinite query's modules, which the chat's data and the lists use and the first chunk does not:
 * the first chunk's static closure reaches every hook of @tanstack/react-query through the package's
 * index, so the closure alone would leave them out of `chat-data`, in two chunks of their own.
 */
const infiniteQuery =
  /@tanstack[\\/](react-query|query-core)[\\/]build[\\/]modern[\\/](useInfiniteQuery|infiniteQueryObserver|infiniteQueryOptions)\.js$/;

/**
 * Names the chunks of the modules opening /chat needs beyond the first chunk, for a module the app's
 * layout, the chat's prefetch or the chat page reach through static imports, that another lazy chunk
 * shares too (`minShareCount`), and that neither the first chunk nor the sign-in page loads:
 * `chat-data` for what the prefetch needs (query options, a few KB: it can ask for the chat's data
 * long before the screens' code is in), `session` for the rest. `null` for any other module, which
 * leaves it to the other groups or to Rolldown. Without them, each set of screens sharing modules got a
 * chunk of its own, and opening /chat fetched twenty of a few hundred bytes each, queued on the
 * browser's six connections. The other signed-in screens share the chunks; /login never fetches them.
 * A module that imports zod itself stays out, with zod: the chat loads zod only once a reply streams.
 */
function chatStartChunk(): Rolldown.CodeSplittingNameFunction {
  let captured: Set<string> | undefined;
  let prefetched: Set<string> | undefined;
  const closureOf = (file: string, ctx: Rolldown.ChunkingContext) =>
    staticClosure(path.join(sourceRoot, file), ctx);
  return (id, ctx) => {
    if (!captured) {
      const chatStart = chatOpeningModules.flatMap((module) => [...staticClosure(module, ctx)]);
      const loadedElsewhere = new Set([
        ...closureOf('main.tsx', ctx),
        ...closureOf('features/auth/pages/login-page.tsx', ctx),
      ]);
      const needsZod = (module: string) => ctx.getModuleInfo(module)?.importedIds.some(isZod) ?? false;
      captured = new Set(
        chatStart.filter((module) => !loadedElsewhere.has(module) && !isZod(module) && !needsZod(module)),
      );
      prefetched = closureOf('app/layout/prefetch-open-chat.ts', ctx);
    }
    if (infiniteQuery.test(id)) return 'chat-data';
    if (!captured.has(id) || (ctx.getModuleInfo(id)?.dynamicImporters.length ?? 0) > 0) return null;
    return prefetched?.has(id) ? 'chat-data' : 'session';
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), chatModules(), precompress()],
  resolve: {
    alias: [
      { find: '@', replacement: sourceRoot },
      // zod as the app configures it (src/lib/zod.ts), which imports zod itself through 'zod/v4'.
      { find: /^zod$/, replacement: configuredZod },
    ],
  },
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
        // What /login shares with the signed-in screens (its fields, the error and title helpers, the
        // e-mail rule, mutations) is one chunk, `forms`, and the primitives every signed-in screen
        // draws (dialogs, menus, tooltips) another, `ui`, which /login never fetches: each request of
        // a first visit waits for one of the browser's six connections, so on a slow network ten
        // small chunks cost more than two of the same total size. The initials the avatar draws go
        // with `ui`, so that `ui` imports no module of `session`, which imports `ui`.
        codeSplitting: {
          includeDependenciesRecursively: false,
          groups: [
            {
              name: 'icons',
              minShareCount: 2,
              test: /lucide-react[\\/]dist[\\/]esm[\\/]icons[\\/](?!loader-circle|door-open)/,
            },
            { name: chatStartChunk(), debugName: 'session', minShareCount: 2, test: /^(?!.*lucide-react)/ },
            {
              name: 'forms',
              priority: 3,
              test: /(src[\\/]components[\\/]ui[\\/](input|language-select)|src[\\/]lib[\\/](error-message|use-document-title)|shared[\\/]src[\\/]rules[\\/]email|@tanstack[\\/](react-query|query-core)[\\/]build[\\/]modern[\\/](useMutation|mutationObserver)\.js)/,
            },
            {
              name: 'ui',
              priority: 1,
              test: /(src[\\/]components[\\/]ui[\\/](?!spinner|cn|toaster|button|input|language-select)|@radix-ui|@floating-ui|react-remove-scroll|aria-hidden|use-callback-ref|use-sidecar|react-style-singleton|get-nonce|tslib|shared[\\/]src[\\/]rules[\\/]initials)/,
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
