// Build-time settings. The API is served by `mandir` on the same origin (Vite proxies /api in dev).
export const env = {
  /** Prefix for API calls; empty means same origin. */
  apiBaseUrl: (import.meta.env.VITE_API_BASE_URL as string | undefined) ?? '',
  /** IANA zone of the temple: dates and recurring-event rules are computed here. */
  timeZone: 'America/Los_Angeles',
} as const;
