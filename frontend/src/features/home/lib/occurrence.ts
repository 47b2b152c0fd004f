import { format } from 'date-fns';

/**
 * "Sat, Mar 14 · 9:00 AM" from an occurrence's local date and time in the temple's zone, as the
 * server computed them: no time-zone arithmetic in the browser, so every viewer sees the temple's time.
 */
export function occurrenceLabel(o: { date: string; timeLabel: string }): string {
  const [y, m, d] = o.date.split('-').map(Number);
  return `${format(new Date(y, m - 1, d), 'EEE, MMM d')} · ${o.timeLabel}`;
}
