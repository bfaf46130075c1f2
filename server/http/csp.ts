// One Content Security Policy for every response, and the checkout page's variant that also
// allows Stripe's hosts, only where Stripe's script runs.

const STRIPE = {
  script: ['https://js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
};

export function cspDirectives({ production, stripe }: { production: boolean; stripe: boolean }) {
  return {
    defaultSrc: ["'self'"],
    baseUri: ["'self'"],
    objectSrc: ["'none'"],
    frameAncestors: ["'none'"],
    formAction: ["'self'"],
    scriptSrc: ["'self'", ...(stripe ? STRIPE.script : [])],
    frameSrc: ["'self'", ...(stripe ? STRIPE.frame : [])],
    connectSrc: ["'self'", ...(stripe ? STRIPE.connect : [])],
    imgSrc: ["'self'", 'data:', 'https:'],
    // Radix positions popovers and toasts with inline style attributes.
    styleSrc: ["'self'", "'unsafe-inline'"],
    fontSrc: ["'self'"],
    ...(production ? { upgradeInsecureRequests: [] } : {}),
  };
}

const kebab = (name: string) => name.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);

/** The header value for the given page kind. */
export function contentSecurityPolicy(options: { production: boolean; stripe: boolean }): string {
  return Object.entries(cspDirectives(options))
    .map(([name, values]) => [kebab(name), ...values].join(' '))
    .join('; ');
}
