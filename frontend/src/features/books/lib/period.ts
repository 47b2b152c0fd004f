/** Whether `text` is a day written YYYY-MM-DD. */
export function isDay(text: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(text) && !Number.isNaN(Date.parse(`${text}T00:00:00Z`));
}

/** The calendar month before `today`'s (YYYY-MM-DD): its first and last days. */
export function previousMonth(today: string): { from: string; to: string } {
  const [year, month] = today.split('-').map(Number);
  const first = new Date(Date.UTC(year, month - 2, 1));
  const last = new Date(Date.UTC(year, month - 1, 0));
  const day = (d: Date) => d.toISOString().slice(0, 10);
  return { from: day(first), to: day(last) };
}

/** The day `days` before `today` (both YYYY-MM-DD). */
export function daysBefore(today: string, days: number): string {
  const [year, month, day] = today.split('-').map(Number);
  return new Date(Date.UTC(year, month - 1, day - days)).toISOString().slice(0, 10);
}
