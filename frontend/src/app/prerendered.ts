// The public pages: prerendered at build time (entry-server.tsx, scripts/prerender.mjs) and rendered
// per request by the server (entry-render.tsx).
/** File name (under dist/prerender) and the URL rendered at build time. */
export const PRERENDERED = [
  { name: 'home', url: '/' },
  { name: 'events', url: '/events' },
  { name: 'event', url: '/events/prerender' },
  { name: 'donate', url: '/donate' },
  { name: 'sign-in', url: '/sign-in' },
  { name: 'sign-up', url: '/sign-up' },
  { name: 'contact', url: '/contact' },
  { name: 'panchangam', url: '/panchangam' },
] as const;
