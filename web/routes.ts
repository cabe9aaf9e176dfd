import { DOC_FAMILIES, DOC_SLUGS, DOCS_LANGUAGES, GUIDE_LANGUAGES } from '#shared/captcha-types/docs/catalog.ts';
import { DEFAULT_PAGE_LANGUAGES, LANGUAGES, type Language } from '#shared/i18n/languages.ts';
import { DEMOS } from '#shared/demo/catalog.ts';
import { LANDINGS, type LandingDef } from '#shared/landings/catalog.ts';

/**
 * The pages declared in all fifteen languages (issue 20): home, pricing, about, for-customer, the
 * captcha-type and proxy landings, the worker-hub landings, the data-labelling landings and
 * sign-in/registration. Their namespaces are complete in every language (catalogues.test.ts).
 */
export const ALL_LANGUAGES: readonly Language[] = LANGUAGES;

/** The data-labelling pages (spec §2); web/features/labelling/landings.ts says what each sells. */
const DATA_PAGE_PATHS = [
  ['data', '/data'],
  ['data-bounding-box', '/data/bounding-box'],
  ['data-dataset-annotation', '/data/dataset-annotation'],
  ['data-image-annotation', '/data/image-annotation'],
  ['data-satellite-imagery-data-annotator', '/data/satellite-imagery-data-annotator'],
] as const;
import { PROXY_COUNTRIES, PROXY_LANDINGS } from '#shared/proxy/catalog.ts';

/**
 * Who may open a page (spec §2 Access rules), checked by the router and again by the server:
 * - public: anyone;
 * - light: a visitor without a user id goes to `/#order-captchas`;
 * - user: sign-in required (login with return_to);
 * - userType: sign-in and a chosen user type required (`/select-role` with return_to);
 * - permissions: sign-in and at least one of the listed staff permissions (else home).
 */
export type Access =
  | { kind: 'public' }
  | { kind: 'light' }
  | { kind: 'user' }
  | { kind: 'userType' }
  | { kind: 'permissions'; permissions: readonly ('admin' | 'moderator')[] };

export interface PageDef {
  id: string;
  /** The unprefixed path; `:param` segments allowed. */
  path: string;
  /** The page's module under web/, loaded lazily (one chunk per page). */
  module: string;
  languages: readonly Language[];
  access: Access;
  /** i18n namespaces the page renders besides `common` and `ui`. */
  namespaces: readonly string[];
  /** Namespaces (also in `namespaces`) of which the page renders only the subtrees at these dotted paths: only they go to the browser with the page. */
  partial?: Readonly<Record<string, readonly string[]>>;
  /** Listed in /sitemap.xml (public pages without parameters). */
  sitemap: boolean;
}

type PageInput = Pick<PageDef, 'id' | 'path' | 'module'> & Partial<Omit<PageDef, 'id' | 'path' | 'module'>>;

function page(input: PageInput): PageDef {
  const access = input.access ?? { kind: 'public' };
  return {
    languages: DEFAULT_PAGE_LANGUAGES,
    namespaces: [],
    sitemap: access.kind === 'public' && !input.path.includes(':'),
    ...input,
    access,
  };
}

/**
 * What a captcha-type landing renders of the catalogues: its own texts, the shared sections, the
 * names of the landings it links to (their own or their type's), and the code samples' labels.
 */
function landingTexts(landing: LandingDef): PageDef['partial'] {
  return {
    landings: ['meta', 'hero', 'stats', 'how', 'sample', 'faq', 'links', 'related', `pages.${landing.slug}`, ...LANDINGS.filter((l) => l.ownName).map((l) => `pages.${l.slug}.name`)],
    pricing: ['types'],
    apidocs: ['samples'],
  };
}

/** Every URL of the product: the single source for the router, redirects, links and sitemap. */
export const PAGES: readonly PageDef[] = [
  // Public and marketing
  page({ id: 'home', path: '/', module: 'routes/marketing/home.tsx', namespaces: ['home', 'pricing', 'statistics'] , languages: ALL_LANGUAGES }),
  page({ id: 'about', path: '/about', module: 'routes/marketing/about.tsx', namespaces: ['about'] , languages: ALL_LANGUAGES }),
  page({ id: 'pricing', path: '/pricing', module: 'routes/marketing/pricing.tsx', namespaces: ['pricing'] , languages: ALL_LANGUAGES }),
  // Promotions (issue 11 §6): what promo codes are, and the running discount campaigns
  page({ id: 'p-promocode', path: '/p/promocode', module: 'routes/marketing/promocode.tsx', namespaces: ['promotions'] }),
  page({ id: 'p-discount-campaigns', path: '/p/discount-campaigns', module: 'routes/marketing/discount-campaigns.tsx', namespaces: ['promotions', 'pricing'] }),
  page({ id: 'p-captcha-and-accessibility', path: '/p/captcha-and-accessibility', module: 'routes/marketing/accessibility.tsx', namespaces: ['accessibility'] }),
  // Captcha-type landings (issue 14): one template, one page per declared slug; other /p/ paths stay theirs or 404
  ...LANDINGS.map((l) => page({ id: `landing-${l.slug}`, path: `/p/${l.slug}`, module: 'routes/marketing/landing.tsx', namespaces: ['landings', 'pricing', 'apidocs'], partial: landingTexts(l), languages: ALL_LANGUAGES })),
  // Live demos, recognition examples, the browser extension and the workaround product (issue 14)
  page({ id: 'demo', path: '/demo', module: 'routes/demo/index.tsx', namespaces: ['demo'] }),
  ...DEMOS.map((d) => page({ id: `demo-${d.slug}`, path: `/demo/${d.slug}`, module: 'routes/demo/demo.tsx', namespaces: ['demo'] })),
  page({ id: 'captcha-recognition', path: '/captcha-recognition', module: 'routes/demo/recognition.tsx', namespaces: ['demo'] }),
  ...DEMOS.filter((d) => d.own).map((d) => page({ id: `captcha-recognition-${d.slug}`, path: `/captcha-recognition/${d.slug}`, module: 'routes/demo/recognition.tsx', namespaces: ['demo'] })),
  page({ id: 'captcha-bypass-extension', path: '/captcha-bypass-extension', module: 'routes/extension/extension.tsx', namespaces: ['extension'] }),
  page({ id: 'captcha-workaround', path: '/captcha-workaround', module: 'routes/extension/workaround.tsx', namespaces: ['extension', 'pricing'] }),
  page({ id: 'captcha-workaround-pay', path: '/captcha-workaround/pay', module: 'routes/extension/workaround.tsx', namespaces: ['extension', 'pricing', 'payments'] }),
  // The proxy product (issue 17): the console, its docs, and the type and local-proxy landings from one template
  page({ id: 'proxy', path: '/proxy', module: 'routes/proxy/dashboard.tsx', namespaces: ['proxy'], access: { kind: 'user' } }),
  page({ id: 'proxy-users', path: '/proxy/users', module: 'routes/proxy/users.tsx', namespaces: ['proxy'], access: { kind: 'user' } }),
  page({ id: 'proxy-ip-whitelist', path: '/proxy/ip-whitelist', module: 'routes/proxy/ip-whitelist.tsx', namespaces: ['proxy'], access: { kind: 'user' } }),
  page({ id: 'proxy-statistics', path: '/proxy/statistics', module: 'routes/proxy/statistics.tsx', namespaces: ['proxy'], access: { kind: 'user' } }),
  page({ id: 'proxy-api', path: '/proxy/api', module: 'routes/proxy/api.tsx', namespaces: ['proxy'], languages: ALL_LANGUAGES }),
  page({ id: 'proxy-pricing', path: '/proxy/pricing', module: 'routes/proxy/landing.tsx', namespaces: ['proxy'] , languages: ALL_LANGUAGES }),
  ...PROXY_LANDINGS.map((l) => page({ id: `proxy-${l.slug}`, path: `/proxy/${l.slug}`, module: 'routes/proxy/landing.tsx', namespaces: ['proxy'] , languages: ALL_LANGUAGES })),
  page({ id: 'proxy-local-proxies', path: '/proxy/local-proxies', module: 'routes/proxy/landing.tsx', namespaces: ['proxy'] , languages: ALL_LANGUAGES }),
  ...PROXY_COUNTRIES.map((c) => page({ id: `proxy-local-${c}`, path: `/proxy/local-proxies/${c}`, module: 'routes/proxy/landing.tsx', namespaces: ['proxy'] , languages: ALL_LANGUAGES })),
  page({ id: 'for-customer', path: '/for-customer', module: 'routes/marketing/for-customer.tsx', namespaces: ['pricing'] , languages: ALL_LANGUAGES }),
  // Public statistics (spec §2): an overview and one page per graph
  page({ id: 'public-statistics', path: '/public_statistics', module: 'routes/statistics/overview.tsx', namespaces: ['statistics'] }),
  ...['customer-rate', 'customer-solving-speed', 'service-load', 'workers-online', 'waiting-time', 'employee-rate'].map((slug) =>
    page({ id: `public-statistics-${slug}`, path: `/public_statistics/${slug}`, module: 'routes/statistics/graph.tsx', namespaces: ['statistics'] }),
  ),
  // Developer documentation (issue 13): one template per kind of page, the pages generated from the registry's catalogue
  page({ id: 'api-docs', path: '/api-docs', module: 'routes/docs/home.tsx', namespaces: ['apidocs'], languages: DOCS_LANGUAGES }),
  ...DOC_SLUGS.map((slug) => page({ id: `api-docs-${slug}`, path: `/api-docs/${slug}`, module: 'routes/docs/type.tsx', namespaces: ['apidocs'], languages: DOCS_LANGUAGES })),
  ...DOC_FAMILIES.map((family) => page({ id: `family-api-${family}`, path: `/${family}-api`, module: 'routes/docs/family.tsx', namespaces: ['apidocs'], languages: DOCS_LANGUAGES })),
  page({ id: 'api-rucaptcha', path: '/api-rucaptcha', module: 'routes/docs/rucaptcha.tsx', namespaces: ['apidocs'], languages: DOCS_LANGUAGES }),
  // Integration guides by programming language (spec §2 /lang, /lang/{lang} and the fixed language pages)
  page({ id: 'lang', path: '/lang', module: 'routes/docs/lang-index.tsx', namespaces: ['apidocs'], languages: DOCS_LANGUAGES }),
  ...GUIDE_LANGUAGES.map((language) => page({ id: `lang-${language}`, path: `/lang/${language}`, module: 'routes/docs/lang-guide.tsx', namespaces: ['apidocs'], languages: DOCS_LANGUAGES })),
  page({ id: 'terms-of-service', path: '/terms-of-service', module: 'routes/legal/terms-of-service.tsx', namespaces: ['legal'] }),
  page({ id: 'payment-policy', path: '/payment-policy', module: 'routes/legal/payment-policy.tsx', namespaces: ['legal'] }),
  page({ id: 'privacy-policy', path: '/privacy-policy', module: 'routes/legal/privacy-policy.tsx', namespaces: ['legal'], languages: ['en'] }),

  // Authentication (spec §2): public, never in the sitemap
  ...[
    ['auth-register', '/auth/register', 'register'],
    ['auth-login', '/auth/login', 'login'],
    ['auth-remind', '/auth/remind', 'remind'],
    ['auth-logout', '/auth/logout', 'logout'],
    ['auth-confirm-email', '/auth/confirm-email', 'confirm-email'],
    ['auth-oauth-2fa', '/auth/oauth-2fa', 'oauth-2fa'],
    ['auth-two-factor-error', '/auth/two_factor_error', 'two-factor-error'],
    ['auth-check-remind', '/auth/check_remind/:hash/:userId', 'check-remind'],
    ['auth-check-key', '/auth/check_key/:hash/:userId', 'check-key'],
    ['auth-edit-purse', '/auth/edit_purse/:hash/:userId', 'edit-purse'],
    ['auth-change-email', '/auth/change_email/:hash/:userId/:status', 'change-email'],
    ['auth-delete-email', '/auth/delete_email/:hash/:userId', 'delete-email'],
  ].map(([id, path, file]) => page({ id: id!, path: path!, module: `routes/auth/${file}.tsx`, namespaces: ['auth'], sitemap: false, ...(id === 'auth-login' || id === 'auth-register' ? { languages: ALL_LANGUAGES } : {}) })),
  // User type selection needs a signed-in user but, of course, no type yet
  page({ id: 'select-role', path: '/select-role', module: 'routes/auth/select-role.tsx', namespaces: ['auth'], access: { kind: 'user' } }),
  page({ id: 'cabinet-edittype', path: '/cabinet/edittype', module: 'routes/auth/select-role.tsx', namespaces: ['auth'], access: { kind: 'user' } }),

  // Profile (spec §2)
  ...[
    ['profile', '/profile', 'index'],
    ['profile-edit', '/profile/edit', 'edit'],
    ['profile-notif', '/profile/notif', 'notif'],
    ['profile-authentication', '/profile/authentication', 'authentication'],
    ['profile-docs', '/profile/docs', 'docs'],
    ['profile-edit-password', '/profile/edit_password', 'edit-password'],
    ['profile-delete', '/profile/delete', 'delete'],
  ].map(([id, path, file]) => page({ id: id!, path: path!, module: `routes/profile/${file}.tsx`, namespaces: ['profile'], access: { kind: 'userType' } })),

  // Customer area
  page({ id: 'enterpage', path: '/enterpage', module: 'routes/customer/enterpage.tsx', namespaces: ['customer'], access: { kind: 'userType' } }),
  page({ id: 'setting', path: '/setting', module: 'routes/customer/setting.tsx', namespaces: ['customer', 'profile'], access: { kind: 'userType' } }),
  page({ id: 'setting-percent-100', path: '/setting/percent_100', module: 'routes/customer/setting-percent-100.tsx', namespaces: ['customer'], access: { kind: 'userType' } }),
  page({ id: 'setting-edit', path: '/setting/edit', module: 'routes/customer/setting-edit.tsx', namespaces: ['customer', 'profile'], access: { kind: 'userType' } }),
  page({ id: 'setting-pingback', path: '/setting/pingback', module: 'routes/customer/setting-pingback.tsx', namespaces: ['customer'], access: { kind: 'userType' } }),
  page({ id: 'setting-iplist', path: '/setting/iplist', module: 'routes/customer/setting-iplist.tsx', namespaces: ['customer'], access: { kind: 'userType' } }),
  // Customer logs and statistics
  ...[
    ['setting-impossible', '/setting/impossible_captchas', 'setting-impossible'],
    ['setting-errors', '/setting/errors', 'setting-errors'],
    ['setting-complaints', '/setting/complaints', 'setting-complaints'],
    ['setting-not-captcha', '/setting/not_captcha', 'setting-not-captcha'],
    ['setting-pingback-log', '/setting/pingback_log', 'setting-pingback-log'],
    ['statistics-uploads', '/statistics/uploads', 'statistics-uploads'],
    ['statistics-graph-captures', '/statistics/graph_captures', 'statistics-graph-captures'],
    ['testcaptcha', '/testcaptcha', 'testcaptcha'],
  ].map(([id, path, file]) => page({ id: id!, path: path!, module: `routes/customer/${file}.tsx`, namespaces: ['customer'], access: { kind: 'userType' } })),

  // Payments (spec §2): top-ups, the provider's return pages, history; the sandbox provider's hosted checkout
  ...[
    ['addbalance', '/addbalance', 'addbalance'],
    ['pay', '/pay', 'addbalance'],
    ['pay-ok', '/pay/ok', 'result'],
    ['pay-error', '/pay/error', 'result'],
    ['pay-history-payment', '/pay/history_payment', 'history-payment'],
    ['pay-history-day', '/pay/history_day', 'history-day'],
    ['pay-send-user', '/pay/send_user', 'send-user'],
    ['pay-paypal-voucher', '/pay/paypal_voucher', 'paypal-voucher'],
  ].map(([id, path, file]) => page({ id: id!, path: path!, module: `routes/pay/${file}.tsx`, namespaces: ['customer', 'payments', ...(file === 'addbalance' ? ['promotions'] : [])], access: { kind: 'userType' } })),
  // Crypto invoices: each coin's page (spec §2 names them), offered only when configured
  ...[
    ['pay-crypto-btc', '/pay/cryptocurrency-btc-BTC'],
    ['pay-crypto-bch', '/pay/cryptocurrency-bch-BCH'],
    ['pay-crypto-usdt', '/pay/cryptocurrency-tron-USDT'],
  ].map(([id, path]) => page({ id: id!, path: path!, module: 'routes/pay/provider.tsx', namespaces: ['customer', 'payments', 'crypto', 'promotions'], access: { kind: 'userType' } })),
  // Each payment method's own page, /pay/{shortname}: 404 for a method not configured
  page({ id: 'pay-provider', path: '/pay/:shortname', module: 'routes/pay/provider.tsx', namespaces: ['customer', 'payments', 'crypto', 'promotions'], access: { kind: 'userType' }, sitemap: false }),
  page({ id: 'pay-send-user-hash', path: '/pay/send_user_hash/:hash/:userId', module: 'routes/pay/send-user-hash.tsx', namespaces: ['customer', 'payments'], access: { kind: 'userType' }, sitemap: false }),
  page({ id: 'pay-sandbox-checkout', path: '/pay/sandbox/checkout/:ref', module: 'routes/pay/sandbox-checkout.tsx', namespaces: ['payments'], sitemap: false }),

  // Worker cabinet
  page({ id: 'cabinet', path: '/cabinet', module: 'routes/worker/cabinet.tsx', namespaces: ['worker'], access: { kind: 'userType' } }),
  page({ id: 'cabinet-training', path: '/cabinet/training', module: 'routes/worker/training.tsx', namespaces: ['worker'], access: { kind: 'userType' } }),
  page({ id: 'cabinet-mistakes', path: '/cabinet/mistakes', module: 'routes/worker/mistakes.tsx', namespaces: ['worker'], access: { kind: 'userType' } }),
  page({ id: 'cabinet-editlang', path: '/cabinet/editlang', module: 'routes/worker/editlang.tsx', namespaces: ['worker'], access: { kind: 'userType' } }),

  // Affiliate and payouts (issue 12): the referrer's dashboard and lists, wallets, payouts
  ...[
    ['partner', '/partner', 'index'],
    ['partner-invited-referrals', '/partner/invited-referrals', 'invited-referrals'],
    ['partner-invited-referrals-sources', '/partner/invited-referrals-sources', 'invited-referrals-sources'],
    ['partner-landing-pages', '/partner/landing-pages', 'landing-pages'],
    ['partner-banners', '/partner/banners', 'banners'],
    ['partner-review-examples', '/partner/review-examples', 'review-examples'],
    ['partner-article-examples', '/partner/article-examples', 'article-examples'],
    ['partner-rules', '/partner/rules', 'rules'],
    ['partner-payment', '/partner/payment', 'payment'],
    ['partner-payment-edit', '/partner/payment_edit', 'payment-edit'],
    ['partner-history-payment', '/partner/history_payment', 'history-payment'],
  ].map(([id, path, file]) => page({ id: id!, path: path!, module: `routes/partner/${file}.tsx`, namespaces: ['partner'], access: { kind: 'user' } })),
  page({ id: 'affiliate', path: '/affiliate', module: 'routes/marketing/affiliate.tsx', namespaces: ['partner'] }),

  // Worker hub and worker acquisition (issue 19)
  page({ id: 'play-and-earn', path: '/play-and-earn', module: 'routes/hub/home.tsx', namespaces: ['hub', 'pricing'] , languages: ALL_LANGUAGES }),
  page({ id: 'play-and-earn-leaderboard', path: '/play-and-earn/leaderboard', module: 'routes/hub/leaderboard.tsx', namespaces: ['hub'] }),
  page({ id: 'play-and-earn-profile', path: '/play-and-earn/profile', module: 'routes/hub/profile.tsx', namespaces: ['hub'], access: { kind: 'userType' } }),
  page({ id: 'play-and-earn-rewards', path: '/play-and-earn/rewards', module: 'routes/hub/rewards.tsx', namespaces: ['hub'] }),
  page({ id: 'play-and-earn-play', path: '/play-and-earn/play', module: 'routes/hub/play.tsx', namespaces: ['hub'] }),
  page({ id: 'play-and-earn-training', path: '/play-and-earn/training', module: 'routes/hub/training.tsx', namespaces: ['hub'] }),
  page({ id: 'play-and-earn-faq', path: '/play-and-earn/faq', module: 'routes/hub/faq.tsx', namespaces: ['hub'] }),
  page({ id: 'make-money-online', path: '/make-money-online', module: 'routes/hub/make-money-online.tsx', namespaces: ['hub', 'pricing'] , languages: ALL_LANGUAGES }),
  page({ id: 'jobs', path: '/jobs', module: 'routes/hub/jobs.tsx', namespaces: ['hub'] }),
  page({ id: 'job', path: '/job', module: 'routes/hub/job.tsx', namespaces: ['hub'] }),
  page({ id: 'workers-software', path: '/workers-software', module: 'routes/hub/workers-software.tsx', namespaces: ['hub'] }),
  page({ id: 'workers-software-captcha-bot-rs', path: '/workers-software/captcha-bot-rs', module: 'routes/hub/bot.tsx', namespaces: ['hub'] }),
  page({ id: 'workers-software-rucaptcha-bot', path: '/workers-software/rucaptcha-bot', module: 'routes/hub/bot.tsx', namespaces: ['hub'] }),
  // Data labelling (issue 19): /data and its four pages, one template
  ...DATA_PAGE_PATHS.map(([id, path]) => page({ id, path, module: 'routes/labelling/landing.tsx', namespaces: ['labelling', 'pricing'] , languages: ALL_LANGUAGES })),
  page({ id: 'data-projects', path: '/data/projects', module: 'routes/labelling/projects.tsx', namespaces: ['labelling'], access: { kind: 'userType' } }),
  page({ id: 'data-project', path: '/data/projects/:id', module: 'routes/labelling/project.tsx', namespaces: ['labelling'], access: { kind: 'userType' } }),
  page({ id: 'data-review', path: '/data/review', module: 'routes/labelling/review.tsx', namespaces: ['labelling'], access: { kind: 'user' } }),

  // Content (issue 15): blog, tutorials and software articles — en and ru (spec §2 Languages)
  ...([
    ['blog', '/blog'],
    ['tutorials', '/h'],
    ['software-blog', '/software/blog'],
  ] as const).flatMap(([id, path]) => [
    page({ id, path, module: 'routes/content/list.tsx', namespaces: ['content'], languages: ['en', 'ru'] }),
    page({ id: `${id}-article`, path: `${path}/:slug`, module: 'routes/content/article.tsx', namespaces: ['content'], languages: ['en', 'ru'] }),
  ]),
  // Software catalogue (issue 16): en and ru (spec §2 Languages); /software/blog above is the content module's
  page({ id: 'software', path: '/software', module: 'routes/software/list.tsx', namespaces: ['software'], languages: ['en', 'ru'] }),
  page({ id: 'software-softlist', path: '/software/softlist', module: 'routes/software/softlist.tsx', namespaces: ['software'], languages: ['en', 'ru'] }),
  page({ id: 'software-add', path: '/software/add', module: 'routes/software/add.tsx', namespaces: ['software', 'pricing'], languages: ['en', 'ru'], access: { kind: 'userType' } }),
  page({ id: 'software-moderation', path: '/software/moderation', module: 'routes/software/moderation.tsx', namespaces: ['software'], languages: ['en', 'ru'], access: { kind: 'permissions', permissions: ['moderator', 'admin'] } }),
  page({ id: 'software-moderation-reviews', path: '/software/moderation/reviews', module: 'routes/software/moderation-reviews.tsx', namespaces: ['software'], languages: ['en', 'ru'], access: { kind: 'permissions', permissions: ['moderator', 'admin'] } }),
  page({ id: 'software-statistic', path: '/software/statistic/:slug', module: 'routes/software/statistic.tsx', namespaces: ['software', 'pricing'], languages: ['en', 'ru'] }),
  page({ id: 'software-item', path: '/software/:slug', module: 'routes/software/detail.tsx', namespaces: ['software', 'pricing'], languages: ['en', 'ru'] }),
  page({ id: 'software-edit', path: '/software/:slug/edit', module: 'routes/software/edit.tsx', namespaces: ['software', 'pricing'], languages: ['en', 'ru'], access: { kind: 'userType' } }),
  // The editor: moderators and admins; the hosts screen admins only (spec §2 Access rules)
  ...([
    ['editor-blog', '/editor/blog'],
    ['editor-tutorials', '/editor/h'],
    ['editor-software-blog', '/editor/software/blog'],
    ['editor-faq', '/editor/support/faq'],
    ['editor-kb', '/editor/kb'],
  ] as const).flatMap(([id, path]) => {
    const access = { kind: 'permissions', permissions: ['moderator', 'admin'] } as const;
    return [
      page({ id, path, module: 'routes/editor/list.tsx', namespaces: ['content'], access }),
      page({ id: `${id}-new`, path: `${path}/new`, module: 'routes/editor/edit.tsx', namespaces: ['content'], access }),
      page({ id: `${id}-view`, path: `${path}/:slug`, module: 'routes/editor/preview.tsx', namespaces: ['content'], access }),
      page({ id: `${id}-edit`, path: `${path}/:slug/edit`, module: 'routes/editor/edit.tsx', namespaces: ['content'], access }),
    ];
  }),
  page({ id: 'editor-manual-domains', path: '/editor/manual-domains', module: 'routes/editor/manual-domains.tsx', namespaces: ['content'], access: { kind: 'permissions', permissions: ['admin'] } }),

  // Support centre (issue 18): the help centre, FAQ and knowledge-base articles (content engine), the bot,
  // enterprise support and feedback are public; tickets need a signed-in user; staff pages moderators and admins
  page({ id: 'support', path: '/support', module: 'routes/support/index.tsx', namespaces: ['support'] }),
  page({ id: 'support-faq-list', path: '/support/faq', module: 'routes/content/list.tsx', namespaces: ['content'] }),
  page({ id: 'support-faq', path: '/support/faq/:slug', module: 'routes/content/article.tsx', namespaces: ['content'] }),
  page({ id: 'kb', path: '/kb', module: 'routes/content/list.tsx', namespaces: ['content'] }),
  page({ id: 'kb-article', path: '/kb/:slug', module: 'routes/content/article.tsx', namespaces: ['content'] }),
  page({ id: 'support-h', path: '/support/h', module: 'routes/support/tutorials.tsx', namespaces: ['support', 'content'] }),
  page({ id: 'support-bot', path: '/support/bot', module: 'routes/support/bot.tsx', namespaces: ['support'] }),
  page({ id: 'support-enterprise', path: '/support/enterprise', module: 'routes/support/enterprise.tsx', namespaces: ['support'] }),
  page({ id: 'p-service-feedback', path: '/p/service-feedback', module: 'routes/support/feedback.tsx', namespaces: ['support'] }),
  page({ id: 'p-proxy-feedback', path: '/p/proxy-feedback', module: 'routes/support/feedback.tsx', namespaces: ['support'] }),
  page({ id: 'support-tickets', path: '/support/tickets', module: 'routes/support/tickets.tsx', namespaces: ['support'], access: { kind: 'user' } }),
  page({ id: 'support-tickets-new', path: '/support/tickets/new', module: 'routes/support/ticket-new.tsx', namespaces: ['support'], access: { kind: 'user' } }),
  page({ id: 'support-ticket', path: '/support/tickets/:id', module: 'routes/support/ticket.tsx', namespaces: ['support'], access: { kind: 'user' } }),
  ...([
    ['support-queue', '/support/queue', 'queue'],
    ['support-queue-ticket', '/support/queue/:id', 'queue-ticket'],
    ['support-staff-feedback', '/support/staff/feedback', 'feedback-admin'],
    ['p-support-bot-threads', '/p/support-bot-threads', 'bot-threads'],
  ] as const).map(([id, path, file]) => page({ id, path, module: `routes/support/${file}.tsx`, namespaces: ['support'], access: { kind: 'permissions', permissions: ['moderator', 'admin'] } })),

  // Staff
  page({ id: 'p-admin', path: '/p/admin', module: 'routes/admin/admin.tsx', namespaces: ['admin', 'pricing', 'payments', 'promotions', 'partner', 'finance'], access: { kind: 'permissions', permissions: ['admin'] } }),
  page({ id: 'p-moderator', path: '/p/moderator', module: 'routes/admin/moderator.tsx', namespaces: ['moderation', 'pricing'], access: { kind: 'permissions', permissions: ['moderator', 'admin'] } }),
];


/**
 * Pages whose visit does not update the last_visited_page cookie (spec §2): sign-up, sign-in,
 * password recovery, confirm-email and two-factor pages.
 */
export const UNTRACKED_PAGE_IDS: ReadonlySet<string> = new Set([
  'auth-register', 'auth-login', 'auth-remind', 'auth-check-remind', 'auth-confirm-email',
  'auth-check-key', 'auth-oauth-2fa', 'auth-two-factor-error',
]);

export function findPage(id: string): PageDef | undefined {
  return PAGES.find((p) => p.id === id);
}
