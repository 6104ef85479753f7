import fs from 'node:fs/promises';
import path from 'node:path';
import zlib from 'node:zlib';
import { promisify } from 'node:util';
import { defineConfig, type Plugin, type Rollup } from 'vite';
import react from '@vitejs/plugin-react';
import { lingui } from '@lingui/vite-plugin';
import { VitePWA } from 'vite-plugin-pwa';
import { INTL_LOCALES } from '../../packages/shared/src/i18n';
import { COLOR_SCHEME_STORAGE_KEY } from './src/app/color-scheme-key';
import { EARLY_REQUESTS, FIRST_DASHBOARD_LIST, earlyRequestKey } from './src/app/early-requests';

/** The language catalogues (docs/decisions/008): one chunk per language, compiled here. */
export const linguiPlugin = () => lingui({ configPath: path.resolve(import.meta.dirname, '../../lingui.config.js'), failOnMissing: true, failOnCompileError: true });

const brotli = promisify(zlib.brotliCompress);
const gzip = promisify(zlib.gzip);

/**
 * Writes a .br and a .gz beside every text file of the build, at the strongest settings, so the
 * server (@fastify/static preCompressed) sends phones a third of the bytes without compressing
 * anything per request.
 */
export function precompress(): Plugin {
  return {
    name: 'rescuedesk-precompress',
    apply: 'build',
    async writeBundle(options, bundle) {
      const dir = options.dir ?? 'dist';
      const files = [...Object.keys(bundle), 'index.html'].filter((f, i, all) => /\.(js|css|html|svg|json)$/.test(f) && all.indexOf(f) === i);
      await Promise.all(
        files.map(async (file) => {
          const full = path.join(dir, file);
          const data = await fs.readFile(full).catch(() => undefined);
          if (!data || data.length < 1024) return;
          await fs.writeFile(`${full}.br`, await brotli(data, { params: { [zlib.constants.BROTLI_PARAM_QUALITY]: 11 } }));
          await fs.writeFile(`${full}.gz`, await gzip(data, { level: 9 }));
        }),
      );
    },
  };
}

/**
 * The chunks of the first screens, each with every chunk it imports: the entry (the sign-in page,
 * main.tsx), and, not counting what the entry has, the signed-in app with the shell, then the
 * dashboard. startup-preload.js and the page's inline styles are made from them.
 */
function firstScreens(bundle: Rollup.OutputBundle, fail: (message: string) => never) {
  const chunks = Object.values(bundle).filter((c): c is Rollup.OutputChunk => c.type === 'chunk');
  const chunkOf = (sourceEnd: string) => chunks.find((c) => c.facadeModuleId?.endsWith(sourceEnd)) ?? fail(`no chunk for ${sourceEnd}`);
  const closure = (fileName: string, seen: Set<string>) => {
    if (seen.has(fileName)) return seen;
    seen.add(fileName);
    for (const imported of chunks.find((c) => c.fileName === fileName)?.imports ?? []) closure(imported, seen);
    return seen;
  };
  const entry = chunks.find((c) => c.isEntry) ?? fail('no entry chunk');
  const inEntry = closure(entry.fileName, new Set());
  const files = (sourceEnds: string[], already: Set<string>) => {
    const all = new Set<string>();
    for (const end of sourceEnds) closure(chunkOf(end).fileName, all);
    return [...all].filter((f) => !already.has(f));
  };
  const appFiles = files(['/src/app/signed-in-app.tsx', '/src/app/routes/app/root.tsx'], inEntry);
  const dashboardFiles = files(['/src/app/routes/app/dashboard.tsx'], new Set([...inEntry, ...appFiles]));
  // Their styles in the order Vite's loader would add them to the page: a chunk's imports first, then
  // its own styles; the entry's, then the signed-in app's, the shell's and the dashboard's.
  const styles = new Set<string>();
  const visited = new Set<string>();
  const addStyles = (fileName: string) => {
    if (visited.has(fileName)) return;
    visited.add(fileName);
    const chunk = chunks.find((c) => c.fileName === fileName);
    for (const imported of chunk?.imports ?? []) addStyles(imported);
    for (const css of chunk?.viteMetadata?.importedCss ?? []) styles.add(css);
  };
  addStyles(entry.fileName);
  for (const end of ['/src/app/signed-in-app.tsx', '/src/app/routes/app/root.tsx', '/src/app/routes/app/dashboard.tsx']) addStyles(chunkOf(end).fileName);
  return { chunks, chunkOf, inEntry, appFiles, dashboardFiles, styles: [...styles] };
}

/**
 * What the first screen waits for is only asked for once the app's code has arrived and run: a
 * round trip of half a second late on a phone network, each time. This small script, the first
 * thing in the page's head, starts those downloads at once, beside the app's own code:
 * - the catalogue of the device's language, chosen as lib/i18n/i18n.ts deviceLanguage() chooses
 *   (the stored choice, else Hindi when the browser prefers it, else English);
 * - unless the sign-in page opens on its own (main.tsx: at '/' with no user kept on the device,
 *   lib/offline/offline-user.ts), the signed-in app, the shell and, at /dashboard, its page, with
 *   every chunk they import that the entry does not (their styles are in the page: firstScreenStyles);
 * - at /dashboard (no tab, search or page in the address, with a network), the session and the
 *   first page of cases, whose answers the app's identical requests take (app/early-requests.ts).
 * It must stay a file: the page's CSP allows no inline script.
 */
function startupPreload(): Plugin {
  const FILE = 'startup-preload.js';
  return {
    name: 'rescuedesk-startup-preload',
    apply: 'build',
    generateBundle(_options, bundle) {
      const { chunks, chunkOf, inEntry, appFiles, dashboardFiles } = firstScreens(bundle, (message) => this.error(message));
      const list = (fileNames: string[]) => JSON.stringify(fileNames.map((f) => `/${f}`));
      const en = JSON.stringify(`/${chunkOf('/lib/i18n/catalogues/en.ts').fileName}`);
      const hi = JSON.stringify(`/${chunkOf('/lib/i18n/catalogues/hi.ts').fileName}`);
      // Neither the sign-in page nor the dashboard needs zod (docs/performance/2026-11-24.md, "Web,
      // first visit (2026-11-24, evening)"): a schema imported on their way again fails the build
      // rather than adding zod's bytes and its start-up time.
      const withZod = new Set(chunks.filter((c) => c.moduleIds.some((id) => /[\\/]node_modules[\\/]zod[\\/]/.test(id))).map((c) => c.fileName));
      const zodOnFirstPages = [...inEntry, ...appFiles, ...dashboardFiles].filter((f) => withZod.has(f));
      if (zodOnFirstPages.length > 0) this.error(`the sign-in page or the dashboard would load zod (${zodOnFirstPages.join(', ')}): keep schemas off their imports`);
      // Nor Mantine's pop-ups: the top bar draws their triggers alone until first used (components/ui/popup-on-first-use.tsx).
      const popupsOnFirstPages = [...inEntry, ...appFiles, ...dashboardFiles].filter((f) => chunks.find((c) => c.fileName === f)?.name === 'popups');
      if (popupsOnFirstPages.length > 0) this.error('the sign-in page or the dashboard would load the popups chunk: draw a pop-up through PopupOnFirstUse, or keep its module off their imports');
      // Nor the toasts' container, which comes once the first screen is done (lib/first-screen.ts).
      const toastsOnFirstPages = [...inEntry, ...appFiles, ...dashboardFiles].filter((f) => chunks.find((c) => c.fileName === f)?.name === 'toasts');
      if (toastsOnFirstPages.length > 0) this.error('the sign-in page or the dashboard would load the toasts chunk: keep @mantine/notifications\' container off their imports (lib/notify.ts needs only its store)');
      const app = list(appFiles);
      const dashboard = list(dashboardFiles);
      // The session and the dashboard's first list, sent as main.tsx sends them (app/early-requests.ts).
      const listBody = JSON.stringify(FIRST_DASHBOARD_LIST);
      const earlyDashboardRequests =
        `if(location.search===''&&navigator.onLine){var e=window[${JSON.stringify(EARLY_REQUESTS)}]={},` +
        `j=function(x){var o={Accept:'application/json','Accept-Language':h?'hi':'en'};if(x)o['Content-Type']='application/json';return o},` +
        `f=function(k,u,o){o.credentials='same-origin';e[k]=fetch(u,o);e[k].catch(function(){})};` +
        `f(${JSON.stringify(earlyRequestKey('GET', '/api/auth/me', ''))},'/api/auth/me',{method:'GET',headers:j()});` +
        `f(${JSON.stringify(earlyRequestKey('POST', '/api/case/getCaseByType', listBody))},'/api/case/getCaseByType',{method:'POST',headers:j(1),body:${JSON.stringify(listBody)}})}`;
      // The colour scheme chosen on this device (Mantine's localStorageColorSchemeManager, the key
      // of app/theme.ts), set as Mantine's provider sets it, before the first paint: the page's
      // mark (index.html) and the first screen then show in it, not white first (a CSP without
      // inline scripts rules out Mantine's ColorSchemeScript).
      const colourScheme =
        `(function(){try{var m=localStorage.getItem(${JSON.stringify(COLOR_SCHEME_STORAGE_KEY)});` +
        `document.documentElement.setAttribute('data-mantine-color-scheme',m==='light'||m==='dark'?m:matchMedia('(prefers-color-scheme: dark)').matches?'dark':'light')}catch(e){}})();\n`;
      const source =
        colourScheme +
        `(function(){try{var d=document,a=function(f){var l=d.createElement('link');l.rel='modulepreload';l.crossOrigin='';l.href=f;d.head.appendChild(l)},` +
        `s=localStorage.getItem('rescuedesk.language'),p=navigator.languages||[navigator.language],` +
        `h=s==='hi'||(s!=='en'&&p.some(function(t){return t&&t.toLowerCase().indexOf('hi')===0}));a(h?${hi}:${en});` +
        `var u=null;try{u=JSON.parse(localStorage.getItem('rescuedesk.offline.user'))}catch(e){}` +
        // The signed-in app only (the sign-in page draws no number): ICU's set-up, a long task that
        // the page's first Intl.NumberFormat pays, done while the page waits for its code rather than
        // in the middle of the first drawing (docs/performance/2026-11-24.md, "Web, first visit
        // (2026-11-24, evening)").
        `if(location.pathname!=='/'||(u&&u.signedIn===true)){${app}.forEach(a);` +
        `setTimeout(function(){try{var l=h?${JSON.stringify(INTL_LOCALES.hi)}:${JSON.stringify(INTL_LOCALES.en)};new Intl.NumberFormat(l).format(1);new Intl.DateTimeFormat(l).format(0);new Intl.PluralRules(l).select(1)}catch(e){}},0);` +
        `if(location.pathname==='/dashboard'){${dashboard}.forEach(a);${earlyDashboardRequests}}}}catch(e){}})();\n`;
      this.emitFile({ type: 'asset', fileName: FILE, source });
    },
    // Not async: a classic script in the head is fetched at once at high priority (an async one
    // waited behind the app's code), and the page cannot draw before its styles arrive anyway.
    // First in the head: a classic script runs only once the stylesheets above it have arrived,
    // which held the app's downloads back until then (docs/performance/2026-11-24.md, "Web, first
    // visit (2026-11-24, morning)").
    transformIndexHtml: { order: 'post', handler: () => [{ tag: 'script', attrs: { src: `/${FILE}` }, injectTo: 'head-prepend' }] },
  };
}

/**
 * The first screens' styles in the page itself: on a phone network the page's own answer arrives a
 * round trip before anything it names, and the network is idle meanwhile; the styles of the sign-in
 * page, the shell and the dashboard now come in that answer instead of taking that bandwidth from
 * the app's code afterwards (docs/performance/2026-11-25.md, "Web, first visit: the first screens'
 * styles in the page"). They go in at the end of the head, in the order Vite's loader would have
 * added them, so the other pages' styles, added later, still come after them. Their files stay in
 * the build, but nothing asks for them: the entry's links are taken out of the page, and their
 * names out of the lists of what each dynamic import loads first (`__vite__mapDeps`); should a name
 * be left anywhere, the build fails rather than fetch a stylesheet twice.
 */
function firstScreenStyles(): Plugin {
  const fail = (message: string): never => {
    throw new Error(`first screen styles: ${message}`);
  };
  const sourceOf = (bundle: Rollup.OutputBundle, file: string) => {
    const asset = bundle[file];
    if (asset?.type !== 'asset') return fail(`no ${file} in the build`);
    return typeof asset.source === 'string' ? asset.source : Buffer.from(asset.source).toString('utf8');
  };
  return {
    name: 'rescuedesk-first-screen-styles',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, { bundle }) {
        if (!bundle) return html;
        const { styles } = firstScreens(bundle, fail);
        let page = html;
        for (const file of styles) page = page.replace(new RegExp(`\\s*<link rel="stylesheet"[^>]*href="/${file.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}"[^>]*>`), '');
        const css = styles.map((file) => sourceOf(bundle, file)).join('\n');
        if (css.includes('</')) fail('a stylesheet holds "</", which would end the page\'s style element');
        // In the page, a relative url() would be read from the page's address, not from /assets/.
        const relative = /url\((?!["']?(?:\/|data:))[^)]*\)/.exec(css);
        if (relative) fail(`${relative[0]} is relative: in the page it would be read from the page's address`);
        return { html: page, tags: [{ tag: 'style', children: css, injectTo: 'head' }] };
      },
    },
    // A chunk whose list changes here must not keep the name of its earlier content: browsers and the
    // service worker keep a named file for good.
    augmentChunkHash(chunk) {
      return chunk.dynamicImports.length > 0 ? 'first-screen-styles-in-page' : undefined;
    },
    generateBundle: {
      // After Vite's own generateBundle has written each chunk's `__vite__mapDeps` list.
      order: 'post',
      handler(_options, bundle) {
        const { chunks, styles } = firstScreens(bundle, (message) => this.error(message));
        const inPage = new Set(styles);
        for (const chunk of chunks) {
          const list = /(\bm\.f=)(\[[^\]]*\])/.exec(chunk.code);
          if (!list) continue;
          const deps = JSON.parse(list[2]!) as string[];
          const newIndex = new Map<number, number>();
          const kept = deps.filter((dep, index) => {
            if (inPage.has(dep)) return false;
            newIndex.set(index, newIndex.size);
            return true;
          });
          if (kept.length === deps.length) continue;
          chunk.code =
            chunk.code.slice(0, list.index) +
            list[1] +
            JSON.stringify(kept) +
            chunk.code
              .slice(list.index + list[0].length)
              .replace(/__vite__mapDeps\(\[([\d,]*)\]\)/g, (_call, indices: string) => `__vite__mapDeps([${indices.split(',').filter((i) => i !== '' && newIndex.has(Number(i))).map((i) => newIndex.get(Number(i))).join(',')}])`);
        }
        const pages = ['index.html', 'startup-preload.js'].map((file) => [file, sourceOf(bundle, file)] as const);
        for (const [file, text] of [...chunks.map((c) => [c.fileName, c.code] as const), ...pages]) {
          const named = styles.filter((style) => text.includes(style));
          if (named.length > 0) this.error(`${file} still names ${named.join(', ')}, whose styles are in the page: it would be fetched again`);
        }
      },
    },
  };
}

/**
 * zod without its eval probe (src/lib/zod-jitless.ts) wherever the web app imports it: every import
 * of 'zod' but the setting's own gets the module that sets it, so no schema is built before it.
 */
function zodJitless(): Plugin {
  const setting = path.resolve(import.meta.dirname, 'src/lib/zod-jitless.ts');
  return {
    name: 'rescuedesk-zod-jitless',
    enforce: 'pre',
    resolveId(source, importer, options) {
      if (source !== 'zod' || !importer || importer === setting) return null;
      return this.resolve(setting, importer, { ...options, skipSelf: true });
    },
  };
}

/**
 * Mantine's ScrollArea (the shell's menu, the dashboard's table, dialogs) takes one hook from
 * floating-ui, which would bring floating-ui and with it the 'popups' chunk onto the first screen's
 * way: it gets the same hook made with Mantine's own (src/lib/merge-refs.ts). Should ScrollArea
 * take more from floating-ui, the build fails on the missing export rather than load it.
 */
function scrollAreaWithoutFloatingUi(): Plugin {
  const hook = path.resolve(import.meta.dirname, 'src/lib/merge-refs.ts');
  return {
    name: 'rescuedesk-scroll-area-without-floating-ui',
    enforce: 'pre',
    resolveId(source, importer) {
      if (source !== '@floating-ui/react' || !importer || !/[\\/]@mantine[\\/]core[\\/]esm[\\/]components[\\/]ScrollArea[\\/]/.test(importer)) return null;
      return hook;
    },
  };
}

/**
 * Two of Mantine's hooks, replaced where @mantine/hooks takes them (src/lib/mantine): its useId
 * swaps React's id for a random one in a layout effect, and its useReducedMotion learns the
 * device's answer in an effect. Each made every input, tab list, dialog and button's spinner draw a
 * second time right after the first screen, in one task that could not be split
 * (docs/performance/2026-11-25.md, "Web, first visit (2026-11-25)"). Should Mantine move either
 * file, the build fails rather than quietly draw everything twice again.
 */
function mantineHooksDrawnOnce(): Plugin {
  const replacements: Record<string, string> = {
    './use-id/use-id.mjs': path.resolve(import.meta.dirname, 'src/lib/mantine/use-id.ts'),
    '../use-reduced-motion/use-reduced-motion.mjs': path.resolve(import.meta.dirname, 'src/lib/mantine/use-reduced-motion.ts'),
    './use-reduced-motion/use-reduced-motion.mjs': path.resolve(import.meta.dirname, 'src/lib/mantine/use-reduced-motion.ts'),
  };
  const replaced = new Set<string>();
  return {
    name: 'rescuedesk-mantine-hooks-drawn-once',
    enforce: 'pre',
    apply: 'build',
    resolveId(source, importer) {
      const replacement = replacements[source];
      if (!replacement || !importer || !/[\\/]@mantine[\\/]hooks[\\/]esm[\\/]/.test(importer)) return null;
      replaced.add(path.basename(replacement));
      return replacement;
    },
    buildEnd(error) {
      if (error) return;
      for (const file of ['use-id.ts', 'use-reduced-motion.ts']) {
        if (!replaced.has(file)) this.error(`@mantine/hooks no longer imports the hook that src/lib/mantine/${file} replaces: check its new place`);
      }
    },
  };
}

/**
 * Mantine's styles with the components that use them, rather than all of them before the first
 * paint: each of its CSS-module files (`components/X/X.module.mjs`, the class names a component
 * uses; `utils/X/X.module.mjs` for a layout several share) imports the component's published
 * styles (`styles/X.layer.css`), so each chunk carries the styles of its own components, and the dashboard's first screen does not download the other pages'
 * (docs/performance/2026-11-24.md, "Web, first visit (2026-11-24, late night)"). main.tsx imports
 * the global ones. All in Mantine's `mantine` cascade layer, below the app's own styles whichever
 * file comes first. Should a component have no styles of that name, the build fails. In development
 * Vite serves Mantine pre-bundled, past any transform of its files: main.tsx then gets all of
 * Mantine's styles, in the same layer.
 */
function mantineStylesWithComponents(): Plugin[] {
  // Components, and the layout Checkbox, Radio and Switch share (utils/InlineInput): without the
  // latter a checkbox's label fell under its box instead of beside it.
  const MODULE = /[\\/]@mantine[\\/]core[\\/]esm[\\/](?:components|utils)[\\/]([A-Za-z]+)[\\/]\1\.module\.mjs$/;
  return [
    {
      name: 'rescuedesk-mantine-styles-with-components',
      apply: 'build',
      async transform(code, id) {
        const component = MODULE.exec(id)?.[1];
        if (!component) return null;
        const styles = `@mantine/core/styles/${component}.layer.css`;
        if (!(await this.resolve(styles, id))) this.error(`Mantine's ${component} has no ${styles}`);
        return { code: `import ${JSON.stringify(styles)};\n${code}`, map: null };
      },
    },
    {
      name: 'rescuedesk-mantine-styles-in-development',
      apply: 'serve',
      transform(code, id) {
        if (!/[\\/]src[\\/]main\.tsx$/.test(id)) return null;
        return { code: `import "@mantine/core/styles.layer.css";\n${code}`, map: null };
      },
    },
  ];
}

/**
 * The installable app (docs/decisions/012): the web app manifest, and the service worker
 * (src/service-worker/sw.ts) with the list of every file of the build to precache, so a second
 * visit opens with no network. It is registered by the app itself (lib/pwa), after the first page
 * is drawn, and a new version waits for the user's Reload.
 */
const pwa = () =>
  VitePWA({
    strategies: 'injectManifest',
    srcDir: 'src/service-worker',
    filename: 'sw.ts',
    registerType: 'prompt',
    injectRegister: false,
    manifest: {
      name: 'RescueDesk',
      short_name: 'RescueDesk',
      description: 'Case management for animal rescue organisations.',
      lang: 'en',
      dir: 'ltr',
      start_url: '/dashboard',
      scope: '/',
      display: 'standalone',
      // The theme's filled teal (theme.ts, shade 8) and the light page background.
      theme_color: '#087f5b',
      background_color: '#ffffff',
      icons: [
        { src: '/icons/icon-192.png', sizes: '192x192', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-512.png', sizes: '512x512', type: 'image/png', purpose: 'any' },
        { src: '/icons/icon-maskable-512.png', sizes: '512x512', type: 'image/png', purpose: 'maskable' },
      ],
    },
    injectManifest: {
      // Every page's code, both catalogues, the styles, the Devanagari font (woff2: every browser
      // that runs a service worker reads it) and the icons; not the precompressed copies.
      globPatterns: ['**/*.{js,css,html,woff2,svg,png,webmanifest}'],
      globIgnores: ['**/*.br', '**/*.gz', '.vite/**'],
    },
  });

/**
 * The editing pages' fields (the 'forms' chunk): @mantine/dates (but its DatesProvider, which the
 * shell mounts), dayjs, react-number-format and Mantine's inputs no reading page draws. Radio,
 * NativeSelect and Checkbox stay in ui: ui's own components and the app's shared ones use them.
 */
const FORM_LIBRARIES =
  /node_modules[\\/](?:@mantine[\\/]dates[\\/](?!esm[\\/]components[\\/]DatesProvider[\\/])|dayjs[\\/]|react-number-format[\\/]|@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:NumberInput|Textarea|Autocomplete|MultiSelect|Pill|PillsInput|TagsInput|Chip|SegmentedControl|Slider|Rating|ColorInput|ColorPicker|FileInput|JsonInput|PasswordInput|PinInput|Switch)[\\/])/;

/**
 * Mantine's floating layer and what only it uses: the 'popups' chunk. The Combobox's chevron, its
 * data's parser and its class names stay in ui: NativeSelect, which the dashboard draws, uses them.
 */
const POPUP_LIBRARIES = /node_modules[\\/](?:@floating-ui[\\/]|@mantine[\\/]core[\\/]esm[\\/]components[\\/](?:(?:Popover|Menu|Select|Tooltip)[\\/]|Combobox[\\/](?!ComboboxChevron[\\/]|get-parsed-combobox-data[\\/]|Combobox\.module\.mjs)))/;

/** The dashboard charts' library and the packages only it uses (their own chunk, loaded with the charts). */
/** Libraries a page loads only when a part of it is used (the capture's map, a photo's GPS): left in that part's chunk. */
const ON_DEMAND_LIBRARIES = '(?:leaflet|exifr)';

const CHART_LIBRARIES = '(?:recharts|@mantine[\\\\/]charts|victory-vendor|d3-[a-z-]+|internmap|decimal\\.js-light|es-toolkit|eventemitter3|immer|@reduxjs[\\\\/]toolkit|redux|redux-thunk|react-redux|reselect|tiny-invariant|use-sync-external-store)';

export default defineConfig({
  plugins: [zodJitless(), scrollAreaWithoutFloatingUi(), mantineHooksDrawnOnce(), mantineStylesWithComponents(), react(), linguiPlugin(), startupPreload(), firstScreenStyles(), precompress(), pwa()],
  server: {
    proxy: {
      '/api': 'http://127.0.0.1:3000',
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    manifest: true,
    rolldownOptions: {
      output: {
        // Few, larger chunks: on a phone network a browser fetches six files at a time from one
        // server, each costing a round trip of half a second, so thirty small chunks cost seconds.
        // Libraries change less often than the app, so they stay cached across deploys:
        // react (React and React DOM), vendor (what the entry, the sign-in page, needs), router,
        // zod, toasts, ui (every other library, for the signed-in pages), forms (the editing pages'
        // fields), then the app's own code:
        // main (the entry's), schemas (the shared package's zod schemas), values (the rest of the
        // shared package, with no zod), editing (the app's code shared by the editing pages), shared
        // (the app's, used by several pages) and a small chunk per page. The sign-in page loads only
        // react, vendor and main before it is drawn (docs/performance/2026-11-23.md, "Web").
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 30 },
            // The router and zod are not for the sign-in page (main.tsx): chunks of their own.
            { name: 'router', test: /node_modules[\\/](react-router|cookie)[\\/]/, priority: 25 },
            // With lib/zod-jitless (its setting), so that the form's rules bring nothing else.
            { name: 'zod', test: /node_modules[\\/](zod|mantine-form-zod-resolver)[\\/]|[\\/]src[\\/]lib[\\/]zod-jitless\.ts$/, priority: 25 },
            // What the toasts' container shares with the signed-in pages' dialogs and drawer (the portal,
            // the scroll lock): a chunk of its own, so that neither the container nor ui brings the other.
            {
              name: 'overlays',
              test: /node_modules[\\/](?:@mantine[\\/](?:core[\\/]esm[\\/](?:components[\\/]Portal|core[\\/]utils[\\/]get-default-z-index|core[\\/]Box[\\/]get-style-object)|hooks[\\/]esm[\\/](?:use-drag|use-force-update))|react-remove-scroll|react-remove-scroll-bar|react-style-singleton|use-sidecar|use-callback-ref|get-nonce|detect-node-es|tslib)[\\/]/,
              priority: 16,
              includeDependenciesRecursively: false,
            },
            // The toasts' container and its transitions (app/toasts.tsx): fetched once the first screen is
            // done (lib/first-screen.ts), on the sign-in page and the signed-in pages alike.
            {
              name: 'toasts',
              test: /node_modules[\\/](?:@mantine[\\/]notifications[\\/]|@mantine[\\/]core[\\/](?:esm[\\/]components[\\/]Notification[\\/]|styles[\\/]Notification\.)|react-transition-group[\\/]|@babel[\\/]runtime[\\/])/,
              priority: 15,
              includeDependenciesRecursively: false,
            },
            // The service worker's registration (lib/pwa, after the page has loaded): on its own, or
            // it would pull the whole ui chunk into the sign-in page's first seconds.
            { name: 'pwa', test: /node_modules[\\/]workbox-window[\\/]/, priority: 15 },
            { name: 'vendor', test: /node_modules/, tags: ['$initial'], priority: 20 },
            // Mantine's pop-ups (menus, popovers, the pickers of a choice, tooltips) with
            // floating-ui, and the top bar's pop-ups that use them
            // (components/ui/popup-on-first-use.tsx): the first screen draws only their triggers,
            // and this comes on the first tap, or with a page that draws a pick list
            // (docs/performance/2026-11-24.md, "Web, first visit (2026-11-24, late night)"). Only
            // the captured modules: ui never imports this.
            { name: 'popups', test: (id) => POPUP_LIBRARIES.test(id) || /[\\/]src[\\/].*-popup\.tsx$/.test(id), priority: 13, includeDependenciesRecursively: false },
            // The fields only the editing pages use (date pickers, number inputs, text areas,
            // pickers of several choices) stay out of ui: the dashboard and the lists do not
            // download them (docs/performance/2026-11-24.md, "Web, first visit (2026-11-24,
            // afternoon)"). Only the captured modules, not what they import from ui (Input,
            // Combobox, Popover): ui then never imports from this chunk.
            // With lib/i18n/date-picker-locales (the pickers' Hindi names), which else would land in
            // the app's shared chunk and pull this one into every page.
            { name: 'forms', test: (id) => FORM_LIBRARIES.test(id) || /[\\/]src[\\/]lib[\\/]i18n[\\/]date-picker-locales\.ts$/.test(id), priority: 12, includeDependenciesRecursively: false },
            // The chart library stays out of ui: it is fetched when the dashboard's charts are shown (docs/reports.md).
            { name: 'ui', test: new RegExp(`node_modules[\\\\/](?!${CHART_LIBRARIES}[\\\\/]|${ON_DEMAND_LIBRARIES}[\\\\/])`), priority: 10 },
            { name: 'charts', test: new RegExp(`node_modules[\\\\/]${CHART_LIBRARIES}[\\\\/]`), priority: 9 },
            { name: 'main', test: /[\\/]src[\\/]/, tags: ['$initial'], priority: 7 },
            // The shared package's schemas (with zod) apart from the app's shared components (with the
            // ui libraries): the sign-in form's rules need the first, never the second.
            { name: 'schemas', test: /[\\/]packages[\\/]shared[\\/]src[\\/](?:schemas[\\/](?!say\.ts|case-rules\.ts|case-dates\.ts)|case-steps\.ts)/, minShareCount: 2, priority: 6, includeDependenciesRecursively: false },
            // The rest of the shared package has no zod (option values, permissions, the step layout,
            // labels): the reading pages take these alone and never download zod or a schema.
            { name: 'values', test: /[\\/]packages[\\/]shared[\\/]src[\\/]/, minShareCount: 2, priority: 6 },
            // The app's code that only the editing pages share (photo fields, the record forms and
            // their checks, which import zod) apart from what the reading pages share.
            {
              name: 'editing',
              test: /[\\/]src[\\/](?:components[\\/](?:images[\\/]|directory[\\/](?:directory-form-page|use-directory-form|record-gate)\.tsx?$)|lib[\\/](?:form-validation|upload-image)\.ts$|hooks[\\/](?:use-form-mode|use-return-after-save)\.ts$)/,
              minShareCount: 2,
              priority: 5,
              includeDependenciesRecursively: false,
            },
            // The directory's lists and pickers (the NGO picker, a row's actions with their tooltips),
            // which use the 'popups' chunk: apart from what the dashboard shares with other pages.
            { name: 'directory', test: /[\\/]src[\\/]components[\\/]directory[\\/]/, minShareCount: 2, priority: 4.5, includeDependenciesRecursively: false },
            { name: 'shared', test: /[\\/]src[\\/]/, minShareCount: 2, priority: 4 },
          ],
        },
      },
    },
  },
});
