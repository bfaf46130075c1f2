// The site's routes and their search-engine metadata. The client router renders
// these paths; the server puts the same metadata into the HTML it sends, so crawlers that do
// not run JavaScript read it too, and answers 404 for any path not listed here.

export interface PageMeta {
  title: string;
  description: string;
  keywords: string;
  /** Pages that must not be indexed: dashboard, login, purchase, not-found. */
  noindex?: boolean;
  /** Listed in sitemap.xml. */
  inSitemap?: boolean;
  /** Public page the server sends as complete HTML (readable without JavaScript), then hydrated. */
  serverRendered?: boolean;
}

export const DEFAULT_TITLE = 'Crow Research — AI-assisted crypto research reports';
export const DEFAULT_DESCRIPTION =
  'Honest, sourced research reports on crypto assets: 12 research agents score a project across 12 weighted categories on a 77-point methodology.';
export const DEFAULT_KEYWORDS =
  'crypto research, crypto report, token analysis, due diligence, risk assessment';
export const SOCIAL_IMAGE = { path: '/og-image.png', width: 1200, height: 630 } as const;

/** Path patterns in the router's syntax (wouter / path-to-regexp style). */
export const PAGES = {
  home: {
    path: '/',
    meta: {
      title: DEFAULT_TITLE,
      description: DEFAULT_DESCRIPTION,
      keywords: DEFAULT_KEYWORDS,
      inSitemap: true,
      serverRendered: true,
    },
  },
  login: {
    path: '/login',
    meta: {
      title: 'Sign in — Crow Research',
      description: 'Sign in to access your crypto research reports.',
      keywords: DEFAULT_KEYWORDS,
      noindex: true,
      serverRendered: true,
    },
  },
  forgotPassword: {
    path: '/forgot-password',
    meta: {
      title: 'Forgot password — Crow Research',
      description: 'Get a link to choose a new password for your Crow Research account.',
      keywords: DEFAULT_KEYWORDS,
      noindex: true,
    },
  },
  resetPassword: {
    path: '/reset-password',
    meta: {
      title: 'Choose a new password — Crow Research',
      description: 'Choose a new password for your Crow Research account.',
      keywords: DEFAULT_KEYWORDS,
      noindex: true,
    },
  },
  account: {
    path: '/account',
    meta: {
      title: 'Your account — Crow Research',
      description: 'Password, sessions, your data and account deletion.',
      keywords: DEFAULT_KEYWORDS,
      noindex: true,
    },
  },
  devOutbox: {
    path: '/dev/outbox',
    meta: {
      title: 'Development outbox (sandbox) — Crow Research',
      description: 'Emails kept by the sandbox instead of being sent.',
      keywords: DEFAULT_KEYWORDS,
      noindex: true,
    },
  },
  register: {
    path: '/register',
    meta: {
      title: 'Create account — Crow Research',
      description: 'Create a Crow Research account to buy sourced research reports on crypto assets.',
      keywords: DEFAULT_KEYWORDS,
      inSitemap: true,
      serverRendered: true,
    },
  },
  dashboard: {
    path: '/dashboard',
    meta: {
      title: 'Dashboard — Crow Research',
      description: 'Your research reports and the marketplace.',
      keywords: DEFAULT_KEYWORDS,
      noindex: true,
    },
  },
  checkout: {
    path: '/checkout',
    meta: {
      title: 'Purchase Research Report — Crow Research',
      description: 'Choose how to pay for your research report.',
      keywords: DEFAULT_KEYWORDS,
      noindex: true,
    },
  },
  cardanoCheckout: {
    path: '/cardano-checkout/:reportId?',
    meta: {
      title: 'Pay with Cardano — Crow Research',
      description: 'Pay for a research report in ADA or CROW.',
      keywords: DEFAULT_KEYWORDS,
      noindex: true,
    },
  },
  cardanoPayment: {
    path: '/cardano-checkout/payment/:paymentId',
    meta: {
      title: 'Your Cardano payment — Crow Research',
      description: 'The address, amount and time left of a Cardano payment for a research report.',
      keywords: DEFAULT_KEYWORDS,
      noindex: true,
    },
  },
  status: {
    path: '/status',
    meta: {
      title: 'Service status — Crow Research',
      description: 'Whether Crow Research, its database, research queue and payments are working.',
      keywords: DEFAULT_KEYWORDS,
      noindex: true,
    },
  },
  paymentSuccess: {
    path: '/payment-success',
    meta: {
      title: 'Payment — Crow Research',
      description: 'The result of your card payment.',
      keywords: DEFAULT_KEYWORDS,
      noindex: true,
    },
  },
  report: {
    path: '/report/:id',
    meta: {
      title: 'Research Report — Crow Research',
      description: 'A sourced research report on a crypto asset.',
      keywords: DEFAULT_KEYWORDS,
    },
  },
  reports: {
    path: '/reports/:id',
    meta: {
      title: 'Research Report — Crow Research',
      description: 'A sourced research report on a crypto asset.',
      keywords: DEFAULT_KEYWORDS,
    },
  },
  search: {
    path: '/search',
    meta: {
      title: 'Search reports — Crow Research',
      description: 'Search public research reports by asset name.',
      keywords: DEFAULT_KEYWORDS,
    },
  },
  documentation: {
    path: '/documentation',
    meta: {
      title: 'Research methodology — Crow Research',
      description:
        'How Crow Research scores a crypto asset: 12 categories, their weights, the 77-point scale and the risk bands.',
      keywords: `${DEFAULT_KEYWORDS}, methodology, scoring`,
      inSitemap: true,
      serverRendered: true,
    },
  },
  trackRecord: {
    path: '/track-record',
    meta: {
      title: 'Track record — Crow Research',
      description:
        'How the ratings held up: a back-test of every month since 2020 rated on that month’s data and what happened next, beside the record of real public reports.',
      keywords: `${DEFAULT_KEYWORDS}, track record, back-test, default study, accuracy ratio`,
      inSitemap: true,
      serverRendered: true,
    },
  },
  privacyPolicy: {
    path: '/privacy-policy',
    meta: {
      title: 'Privacy Policy — Crow Research',
      description: 'What personal data Crow Research keeps, why, and your rights.',
      keywords: 'privacy policy, data protection',
      inSitemap: true,
      serverRendered: true,
    },
  },
  termsOfService: {
    path: '/terms-of-service',
    meta: {
      title: 'Terms of Service — Crow Research',
      description: 'The terms under which Crow Research sells and provides research reports.',
      keywords: 'terms of service',
      inSitemap: true,
      serverRendered: true,
    },
  },
  cookiePolicy: {
    path: '/cookie-policy',
    meta: {
      title: 'Cookie Policy — Crow Research',
      description: 'The cookies Crow Research uses and how to control them.',
      keywords: 'cookie policy, cookies',
      inSitemap: true,
      serverRendered: true,
    },
  },
  disclaimer: {
    path: '/disclaimer',
    meta: {
      title: 'Disclaimer — Crow Research',
      description:
        'Crow Research reports are not financial advice. Read the risks and the limits of AI analysis.',
      keywords: 'disclaimer, not financial advice, crypto risk',
      inSitemap: true,
      serverRendered: true,
    },
  },
  bugReport: {
    path: '/bug-report',
    meta: {
      title: 'Report a bug — Crow Research',
      description: 'Tell us what went wrong.',
      keywords: DEFAULT_KEYWORDS,
      noindex: true,
    },
  },
  admin: {
    path: '/admin',
    meta: {
      title: 'Admin — Crow Research',
      description: 'Bug report overview.',
      keywords: DEFAULT_KEYWORDS,
      noindex: true,
    },
  },
} satisfies Record<string, { path: string; meta: PageMeta }>;

export const NOT_FOUND_META: PageMeta = {
  title: '404 Page Not Found — Crow Research',
  description: "Sorry, the page you're looking for doesn't exist.",
  keywords: DEFAULT_KEYWORDS,
  noindex: true,
  serverRendered: true,
};

/** Turns a route pattern into a matcher; supports `:param` and a trailing optional `:param?`. */
export function patternToRegExp(pattern: string): RegExp {
  const source = pattern
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      if (segment.startsWith(':')) return segment.endsWith('?') ? '(?:/[^/]+)?' : '/[^/]+';
      return `/${segment.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`;
    })
    .join('');
  return new RegExp(`^${source || '/'}/?$`);
}

const matchers = Object.values(PAGES).map((page) => ({
  regexp: patternToRegExp(page.path),
  meta: page.meta as PageMeta,
}));

/** The page metadata for a path, or undefined when no route matches (a 404). */
export function findPageMeta(pathname: string): PageMeta | undefined {
  return matchers.find((m) => m.regexp.test(pathname))?.meta;
}
