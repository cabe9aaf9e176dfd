import { PassThrough } from 'node:stream';
import { preloadModule } from 'react-dom';
import { renderToPipeableStream } from 'react-dom/server';
import { I18nextProvider } from 'react-i18next';
import { Provider } from 'react-redux';
import { createStaticHandler, createStaticRouter, StaticRouterProvider, type StaticHandler } from 'react-router';
import { hostLanguageOf, splitLanguage, type HostKind, type SiteOrigins } from '#shared/i18n/routing.ts';
import { AssetsContext, type Assets } from './lib/assets.tsx';
import { partialBundlesOf, pickResources } from './lib/i18n.ts';
import { requestI18n } from './lib/i18n.server.ts';
import { serializeErrors, serializeForScript, type BootData } from './lib/hydration.ts';
import type { PageHandle } from './lib/page.ts';
import { createRoutes } from './router.tsx';
import { PAGES } from './routes.ts';
import type { Transport } from './store/api.ts';
import { createAppStore } from './store/store.ts';

export interface RenderInput {
  request: Request;
  host: string;
  hostKind: HostKind;
  sites: SiteOrigins;
  brandName: string;
  foreignSpeaker: boolean;
  cookies: Record<string, string | undefined>;
  /** The request carries a session cookie (its name depends on https: shared/auth-cookies.ts). */
  hasSession: boolean;
  transport: Transport;
  build: ClientBuild;
}

/** The browser bundle: entry script, stylesheets, and each page module's chunk with its imports. */
export interface ClientBuild {
  entry: string | null;
  css: string[];
  /** The body font's woff2 files to preload (Assets.fonts). */
  fonts?: Assets['fonts'];
  /** Per page module (`web/routes/…`): the entry and its static imports, then the page's chunk and its imports. */
  chunks: Record<string, string[]>;
}

export type RenderResult = { kind: 'redirect'; status: number; location: string } | {
      kind: 'html';
      status: number;
      html: string;
      /** The page's route is public (web/routes.ts), so its anonymous view may be cached. */
      publicPage: boolean;
    };

/** A path's first segment: `pricing` of `/pricing`, `p` of `/p/recaptcha-v2`, '' of `/`. */
const firstSegment = (path: string) => path.split('/')[1] ?? '';

/**
 * The static handler for a URL. React Router tries a URL against every route in turn (compiling
 * each pattern again), ~1.3 ms a render over ~480 routes, so the server keeps one handler per
 * first path segment (after a language prefix) with only the pages under it: no page path starts
 * with a parameter, so a URL can only match a page of its own segment, and the match (route ids
 * included, which hydration relies on) is the one the whole tree gives. A segment no page has
 * goes to the whole tree (its 404 is found there, as in the browser).
 */
const allPages = createStaticHandler(createRoutes());
const pageSegments = new Set(PAGES.map((p) => firstSegment(p.path)));
const bySegment = new Map<string, StaticHandler>();

function handlerFor(pathname: string): StaticHandler {
  const segment = firstSegment(splitLanguage(pathname).rest);
  if (!pageSegments.has(segment)) return allPages;
  let handler = bySegment.get(segment);
  if (!handler) {
    handler = createStaticHandler(createRoutes(PAGES.filter((p) => firstSegment(p.path) === segment)));
    bySegment.set(segment, handler);
  }
  return handler;
}

/**
 * The inline script that starts the browser app after the first paint (issue 20 #4): the page is
 * complete as server-rendered HTML, so its JavaScript (the entry and the page's chunks, fetched in
 * parallel through modulepreload links) is not let compete with the stylesheet, the font and the
 * document for the first paint on a slow link; links work before it runs, and a click on a control
 * waits at most for the download. Started by the first-contentful-paint entry (reported once the
 * frame is on screen), else after a second (no paint timing); a hidden tab starts at once.
 * Signed-in rooms (the console, the cabinet, the editor: forms used at once, never cached) load
 * their scripts from the head instead (`Preloads`, React's bootstrap module).
 */
export function startAfterPaint(entry: string, modules: string[]): string {
  const preloads = JSON.stringify(modules.filter((m) => m !== entry));
  return (
    `(function(){var d=document,h=d.head,done=0,go=function(){if(done)return;done=1;` +
    `${preloads}.forEach(function(u){var l=d.createElement('link');l.rel='modulepreload';l.href=u;h.appendChild(l)});` +
    `var s=d.createElement('script');s.type='module';s.src=${JSON.stringify(entry)};h.appendChild(s)};` +
    `if(d.visibilityState==='hidden')return go();` +
    `try{new PerformanceObserver(function(l){if(l.getEntriesByName('first-contentful-paint').length)go()}).observe({type:'paint',buffered:true})}catch(e){}` +
    `setTimeout(go,1000)})()`
  );
}

/** Signed-in rooms: the entry and the page's chunks preloaded from the head, as soon as it is read. */
function Preloads({ hrefs }: { hrefs: string[] }) {
  for (const href of hrefs) preloadModule(href, { as: 'script' });
  return null;
}

/**
 * Renders a page as a whole HTML document: runs the route loaders (which fill the store), then
 * renders with the store, the i18n catalogues and the router state embedded for hydration.
 */
export async function render(input: RenderInput): Promise<RenderResult> {
  const hostLanguage = hostLanguageOf(input.hostKind);
  const store = createAppStore(input.transport, {
    app: {
      brandName: input.brandName,
      sites: input.sites,
      host: input.host,
      hostKind: input.hostKind,
      hostLanguage,
      foreignSpeaker: input.foreignSpeaker,
      foreignBannerDismissed: input.cookies['foreign_banner_dismissed'] === '1',
      hasSession: input.hasSession,
      extraHeaders: {},
    },
  });
  // The language the page loader settles on: the URL's prefix, else the host's (router.tsx).
  const { pathname } = new URL(input.request.url);
  const i18n = requestI18n(input.brandName, splitLanguage(pathname).lang ?? hostLanguage);

  const handler = handlerFor(pathname);
  const context = await handler.query(input.request, { requestContext: { store, i18n } });
  if (context instanceof Response) {
    return { kind: 'redirect', status: context.status, location: context.headers.get('location') ?? '/' };
  }

  const page = (context.matches.at(-1)?.route.handle as PageHandle | undefined)?.page ?? null;
  const lang = i18n.language as BootData['i18n']['lang'];
  const assets: Assets = { css: input.build.css, fonts: input.build.fonts };
  const resources = pickResources(i18n, lang, page ?? { namespaces: [] });
  const boot: BootData = {
    state: store.getState(),
    i18n: { lang, resources, partial: partialBundlesOf(resources, page?.partial) },
    assets,
    router: { loaderData: context.loaderData, actionData: context.actionData, errors: serializeErrors(context.errors) as never },
  };
  const preloads = page ? input.build.chunks[`web/${page.module}`] ?? [] : [];
  // Pages people read (public, in the sitemap) start their JavaScript after the first paint; pages
  // people act on at once (a checkout, a link with a token, signed-in rooms) start it at once.
  const afterPaint = page?.access.kind === 'public' && page.sitemap;
  const router = createStaticRouter(handler.dataRoutes, context);

  const html = await new Promise<string>((resolve, reject) => {
    let failed: unknown = null;
    const stream = renderToPipeableStream(
      <AssetsContext.Provider value={assets}>
        <Provider store={store}>
          <I18nextProvider i18n={i18n}>
            {!afterPaint && <Preloads hrefs={preloads} />}
            <StaticRouterProvider router={router} context={context} hydrate={false} />
          </I18nextProvider>
        </Provider>
      </AssetsContext.Provider>,
      {
        // zod's jitless mode in the browser: its probe for `new Function` is reported as a CSP
        // violation (script-src has no 'unsafe-eval'); zod reads this global when it loads.
        bootstrapScriptContent:
          `window.__zod_globalConfig={jitless:true};window.__APP__=${serializeForScript(boot)};` +
          (input.build.entry && afterPaint ? startAfterPaint(input.build.entry, preloads) : ''),
        bootstrapModules: input.build.entry && !afterPaint ? [input.build.entry] : [],
        onAllReady() {
          const chunks: Buffer[] = [];
          const sink = new PassThrough();
          sink.on('data', (c: Buffer) => chunks.push(c));
          sink.on('end', () => (failed ? reject(failed) : resolve(Buffer.concat(chunks).toString('utf8'))));
          stream.pipe(sink);
        },
        onShellError: reject,
        onError(err) {
          failed = err;
        },
      },
    );
  });
  return { kind: 'html', status: context.statusCode, html, publicPage: page?.access.kind === 'public' };
}
