import type { BoardRole, BoardShift, BoardVolunteer, VolunteerBoard } from '@/types/volunteer-shifts';
import { shiftLabel, templeParts } from './shift-time';

/** How many more confirmed volunteers the shift needs (0 when it has enough). */
export function shortBy(shift: Pick<BoardShift, 'filled' | 'needed'>): number {
  return Math.max(0, shift.needed - shift.filled);
}

/** "1 drop request", "2 drop requests". */
export function countLabel(n: number, one: string, many = `${one}s`): string {
  return `${n} ${n === 1 ? one : many}`;
}

/** The board's totals: places filled (never more than needed per shift) of places needed, and drop requests. */
export function boardTotals(board: Pick<VolunteerBoard, 'roles' | 'dropRequests'>): { filled: number; needed: number; dropRequests: number } {
  let filled = 0;
  let needed = 0;
  for (const role of board.roles) {
    for (const shift of role.shifts) {
      filled += Math.min(shift.filled, shift.needed);
      needed += shift.needed;
    }
  }
  return { filled, needed, dropRequests: board.dropRequests };
}

/** "12 of 20 places filled · 1 drop request". */
export function summaryLine(board: Pick<VolunteerBoard, 'roles' | 'dropRequests'>): string {
  const t = boardTotals(board);
  return `${t.filled} of ${t.needed} places filled · ${countLabel(t.dropRequests, 'drop request')}`;
}

/** A waitlisted volunteer's place in line (1 = next), counted in the shift's order; null when confirmed. */
export function waitlistPosition(shift: Pick<BoardShift, 'volunteers'>, volunteer: BoardVolunteer): number | null {
  if (volunteer.status !== 'waitlisted') return null;
  return shift.volunteers.filter((v) => v.status === 'waitlisted').findIndex((v) => v.id === volunteer.id) + 1;
}

export type ShiftChoice = { shift: BoardShift; role: BoardRole; label: string };

/** Every shift of the board with its role, in the board's order: where a volunteer can be moved. */
export function shiftChoices(board: Pick<VolunteerBoard, 'roles'>): ShiftChoice[] {
  return board.roles.flatMap((role) => role.shifts.map((shift) => ({ shift, role, label: `${role.name} · ${shiftLabel(shift)}` })));
}

/** The shift and role of a shift id on the board. */
export function findShift(board: Pick<VolunteerBoard, 'roles'>, shiftId: string): ShiftChoice | undefined {
  return shiftChoices(board).find((c) => c.shift.id === shiftId);
}

/** A shift's sign-in sheet's file name: "parking-2026-11-08-1400.csv". */
export function sheetFileName(role: Pick<BoardRole, 'name'>, shift: Pick<BoardShift, 'startsAt'>): string {
  const { date, time } = templeParts(shift.startsAt);
  const slug = role.name.toLowerCase().replace(/[^a-z0-9]+/g, '-').replace(/^-|-$/g, '') || 'shift';
  return `${slug}-${date}-${time.replace(':', '')}.csv`;
}
