import { format } from 'date-fns';
import { currentDateLocale } from '@/i18n/runtime';

/**
 * "Sat, Mar 14 · 9:00 AM" from an occurrence's local date and time in the temple's zone, as the
 * server computed them: no time-zone arithmetic in the browser, so every viewer sees the temple's time.
 * Day and month names in the page's language (English: date-fns's default).
 */
export function occurrenceLabel(o: { date: string; timeLabel: string }): string {
  const [y, m, d] = o.date.split('-').map(Number);
  return `${format(new Date(y, m - 1, d), 'EEE, MMM d', { locale: currentDateLocale() })} · ${o.timeLabel}`;
}
