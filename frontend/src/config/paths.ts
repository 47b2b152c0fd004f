// The route table. Every spec route (section 2) has an entry; use getHref to build links.
function withRedirect(base: string, redirect?: string | null): string {
  // Slashes stay readable: /sign-in?redirect=/events/123
  return redirect ? `${base}?redirect=${encodeURIComponent(redirect).replace(/%2F/gi, '/')}` : base;
}

export const paths = {
  home: { path: '/', getHref: () => '/' },
  events: { path: '/events', getHref: () => '/events' },
  eventsCalendar: { path: '/events', getHref: () => '/events#calendar' },
  eventDetail: { path: '/events/:id', getHref: (id: string) => `/events/${id}` },
  signIn: { path: '/sign-in', getHref: (redirect?: string | null) => withRedirect('/sign-in', redirect) },
  signUp: { path: '/sign-up', getHref: () => '/sign-up' },
  forgotPassword: { path: '/forgot-password', getHref: () => '/forgot-password' },
  resetPassword: { path: '/reset-password', getHref: (token?: string) => (token ? `/reset-password?token=${encodeURIComponent(token)}` : '/reset-password') },
  profile: { path: '/profile', getHref: () => '/profile' },
  dashboard: { path: '/dashboard', getHref: () => '/dashboard' },
  admin: { path: '/admin', getHref: () => '/admin' },
  donate: { path: '/donate', getHref: () => '/donate' },
  paymentConfirmation: { path: '/payment-confirmation', getHref: () => '/payment-confirmation' },
  testPayment: { path: '/test-payment', getHref: () => '/test-payment' },
  /** Linked from the home page's contact card; the spec leaves its content open (address, phone, e-mail, hours). */
  contact: { path: '/contact', getHref: () => '/contact' },
} as const;

/**
 * Only same-site paths are accepted as a post-sign-in redirect (no open redirects).
 * Returns the fallback for anything that is not a local absolute path.
 */
export function safeRedirect(target: string | null | undefined, fallback = '/'): string {
  if (!target || !target.startsWith('/') || target.startsWith('//') || target.startsWith('/\\')) return fallback;
  return target;
}
