// The only /api routes a signed-out caller may use. Every other /api route requires a session
// (and /api/admin/* the admin); new routes are protected unless they are added here.
export const PUBLIC_API_ROUTES: ReadonlySet<string> = new Set([
  'GET /api/health',
  'GET /api/health/live',
  'GET /api/health/ready',
  'GET /api/auth/me',
  'POST /api/auth/login',
  'POST /api/auth/register',
  'POST /api/auth/forgot-password',
  'POST /api/auth/reset-password',
  'POST /api/auth/logout',
  'GET /api/logout',
  'GET /api/config',
  'GET /api/track-record',
  'GET /api/track-record/assets/:assetId',
  'GET /api/public-reports',
  'GET /api/assets/search',
  'GET /api/assets/:id/coverage',
  'POST /api/stripe/webhook',
  // Sandbox only (the route refuses otherwise): a signed-out visitor reads the reset email there.
  'GET /api/dev/outbox',
]);

export const ADMIN_API_PREFIX = '/api/admin/';
