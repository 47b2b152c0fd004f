import type { Seva } from '@/types/api';
import { addDays } from '@/lib/dates';

const WEEKDAYS: Seva['weekdays'] = ['sunday', 'monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday'];

/**
 * The date of a seva page's `?date=YYYY-MM-DD` (the star-birthday reminders link to the day of the
 * nakshatra) when the seva could be booked on it as far as the seva itself says: a real date from
 * `today` to the end of its booking window, on one of its weekdays and not a blackout date. Else
 * null, and the page opens as it would without it. The day's availability (slots full, the
 * cut-off passed) is the picker's to check.
 */
export function requestedDate(seva: Pick<Seva, 'weekdays' | 'blackoutDates' | 'horizonDays'>, value: string | null, today: string): string | null {
  if (!value || !/^\d{4}-\d{2}-\d{2}$/.test(value)) return null;
  const [y, m, d] = value.split('-').map(Number);
  const date = new Date(Date.UTC(y, m - 1, d));
  if (date.getUTCFullYear() !== y || date.getUTCMonth() !== m - 1 || date.getUTCDate() !== d) return null;
  if (value < today || value > addDays(today, seva.horizonDays)) return null;
  if (!seva.weekdays.includes(WEEKDAYS[date.getUTCDay()]) || seva.blackoutDates.includes(value)) return null;
  return value;
}
