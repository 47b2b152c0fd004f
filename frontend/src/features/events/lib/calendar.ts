import { TZDate } from '@date-fns/tz';
import { format } from 'date-fns';
import { env } from '@/config/env';
import { currentDateLocale } from '@/i18n/runtime';
import type { Event, ServiceOccurrence } from '@/types/api';

export type MonthRef = { year: number; month: number }; // month 0-11

/** 'yyyy-MM-dd' of an instant in the temple's zone. */
export function dayKey(value: string | Date): string {
  return format(new TZDate(new Date(value).getTime(), env.timeZone), 'yyyy-MM-dd');
}

export function monthOf(value: Date): MonthRef {
  const d = new TZDate(value.getTime(), env.timeZone);
  return { year: d.getFullYear(), month: d.getMonth() };
}

export function addMonths({ year, month }: MonthRef, delta: number): MonthRef {
  const total = year * 12 + month + delta;
  return { year: Math.floor(total / 12), month: ((total % 12) + 12) % 12 };
}

/** "November 2026", in the page's language. */
export function monthLabel({ year, month }: MonthRef): string {
  return format(new Date(year, month, 1), 'MMMM yyyy', { locale: currentDateLocale() });
}

/** The week's days, Sunday first, short ("Sun") and long ("Sunday"), in the page's language. */
export function weekdayNames(): { short: string; long: string }[] {
  const locale = currentDateLocale();
  // January 4, 2026 is a Sunday.
  return Array.from({ length: 7 }, (_, i) => {
    const day = new Date(2026, 0, 4 + i);
    return { short: format(day, 'EEE', { locale }), long: format(day, 'EEEE', { locale }) };
  });
}

export type CalendarCell = { key: string; day: number } | null;

/** Weeks (Sunday first) of a month; null pads the days outside it. */
export function monthGrid({ year, month }: MonthRef): CalendarCell[][] {
  const first = new Date(Date.UTC(year, month, 1)).getUTCDay();
  const days = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  const cells: CalendarCell[] = Array.from({ length: first }, () => null);
  for (let d = 1; d <= days; d++) {
    cells.push({ key: `${year}-${String(month + 1).padStart(2, '0')}-${String(d).padStart(2, '0')}`, day: d });
  }
  while (cells.length % 7 !== 0) cells.push(null);
  const weeks: CalendarCell[][] = [];
  for (let i = 0; i < cells.length; i += 7) weeks.push(cells.slice(i, i + 7));
  return weeks;
}

/** Events grouped by their day in the temple's zone, each day sorted by time. */
export function eventsByDay(events: readonly Event[]): Map<string, Event[]> {
  const map = new Map<string, Event[]>();
  for (const e of [...events].sort((a, b) => a.eventDate.localeCompare(b.eventDate))) {
    const k = dayKey(e.eventDate);
    map.set(k, [...(map.get(k) ?? []), e]);
  }
  return map;
}

/** The first and last days ('yyyy-MM-dd') of a month, for the occurrences query. */
export function monthRange({ year, month }: MonthRef): { from: string; to: string } {
  const mm = String(month + 1).padStart(2, '0');
  const last = new Date(Date.UTC(year, month + 1, 0)).getUTCDate();
  return { from: `${year}-${mm}-01`, to: `${year}-${mm}-${String(last).padStart(2, '0')}` };
}

/** Recurring-service occurrences grouped by their local date in the temple's zone (given by the server). */
export function occurrencesByDay(list: readonly ServiceOccurrence[]): Map<string, ServiceOccurrence[]> {
  const map = new Map<string, ServiceOccurrence[]>();
  for (const o of list) map.set(o.date, [...(map.get(o.date) ?? []), o]);
  return map;
}
