import * as yup from 'yup';
import type { BoardRole, PlanShift, RoleBody, ShiftBody } from '@/types/volunteer-shifts';
import { shiftSpan, templeInstant, templeParts } from './lib/shift-time';

// The server's rules and messages for a volunteer plan (crates/domain/src/volunteer_shift.rs,
// docs/product.md#volunteer-shifts).

export const NAME_LENGTH = 'Name must be 2 to 80 characters';
export const DESCRIPTION_TOO_LONG = 'Description must be at most 1000 characters';
export const REPORT_TO_TOO_LONG = 'Where to report must be at most 200 characters';
export const MIN_AGE_RANGE = 'Minimum age must be a whole number from 0 to 99';
export const START_REQUIRED = 'Start is required';
export const END_REQUIRED = 'End is required';
export const END_SAME_AS_START = 'A shift must end after it starts';
export const TOO_LONG = 'A shift can last at most 16 hours';
export const OUTSIDE_EVENT = 'A shift must start within a week before and two weeks after the event';
export const NEEDED_RANGE = 'Volunteers needed must be a whole number from 1 to 500';
export const CUTOFF_RANGE = 'The drop cut-off must be a whole number of hours from 0 to 336';
export const SUBJECT_LENGTH = 'Subject must be 3 to 150 characters';
export const BODY_LENGTH = 'Message must be 1 to 5000 characters';
export const EVENT_REQUIRED = 'Choose an event to copy from';

const HOUR_MS = 60 * 60 * 1000;
const DAY_MS = 24 * HOUR_MS;
const MAX_SHIFT_MS = 16 * HOUR_MS;

/** A whole number typed in a field ("" is blank), within bounds. */
const wholeNumber = (message: string, min: number, max: number) =>
  yup.string().test('whole', message, (v) => {
    const t = (v ?? '').trim();
    return /^\d+$/.test(t) && Number(t) >= min && Number(t) <= max;
  });

// Roles ----------------------------------------------------------------------------------------

export type RoleValues = { name: string; description: string; minAge: string; reportTo: string };

export const roleSchema = yup.object({
  name: yup.string().trim().required(NAME_LENGTH).min(2, NAME_LENGTH).max(80, NAME_LENGTH),
  description: yup.string().trim().max(1000, DESCRIPTION_TOO_LONG),
  minAge: yup.string().test('age', MIN_AGE_RANGE, (v) => {
    const t = (v ?? '').trim();
    return t === '' || (/^\d+$/.test(t) && Number(t) <= 99);
  }),
  reportTo: yup.string().trim().max(200, REPORT_TO_TOO_LONG),
});

export function roleValues(role: Pick<BoardRole, 'name' | 'description' | 'minAge' | 'reportTo'> | null): RoleValues {
  return {
    name: role?.name ?? '',
    description: role?.description ?? '',
    minAge: role?.minAge === null || role?.minAge === undefined ? '' : String(role.minAge),
    reportTo: role?.reportTo ?? '',
  };
}

/** The role's body: blanks as null (cleared on an edit). */
export function toRoleBody(v: RoleValues): RoleBody {
  return {
    name: v.name.trim(),
    description: v.description.trim() || null,
    minAge: v.minAge.trim() === '' ? null : Number(v.minAge.trim()),
    reportTo: v.reportTo.trim() || null,
  };
}

// Shifts ---------------------------------------------------------------------------------------

/** A shift's form: its day and times in the temple's zone, and how many people it needs. */
export type ShiftValues = { date: string; start: string; end: string; needed: string };

/** A shift's rules; `eventDate` (the event's start) bounds its start: a week before to two weeks after. */
export function shiftSchema(eventDate: string) {
  const event = new Date(eventDate).getTime();
  return yup.object({
    date: yup
      .string()
      .required(START_REQUIRED)
      .test('date', START_REQUIRED, (v) => templeInstant(v ?? '', '12:00') !== null),
    start: yup
      .string()
      .required(START_REQUIRED)
      .matches(/^\d{1,2}:\d{2}$/, START_REQUIRED)
      .test('near', OUTSIDE_EVENT, function near(v) {
        const { date } = this.parent as ShiftValues;
        const at = templeInstant(date ?? '', v ?? '');
        if (!at || Number.isNaN(event)) return true;
        const t = new Date(at).getTime();
        return t >= event - 7 * DAY_MS && t <= event + 14 * DAY_MS;
      }),
    end: yup
      .string()
      .required(END_REQUIRED)
      .matches(/^\d{1,2}:\d{2}$/, END_REQUIRED)
      .test('after', END_SAME_AS_START, function after(v) {
        const { start } = this.parent as ShiftValues;
        return !start || (v ?? '').padStart(5, '0') !== start.padStart(5, '0');
      })
      .test('length', TOO_LONG, function length(v) {
        const { date, start } = this.parent as ShiftValues;
        const span = shiftSpan(date ?? '', start ?? '', v ?? '');
        return !span || new Date(span.endsAt).getTime() - new Date(span.startsAt).getTime() <= MAX_SHIFT_MS;
      }),
    needed: wholeNumber(NEEDED_RANGE, 1, 500),
  });
}

/** A shift's form: the shift as it is, or a new one on `day` from 9 to 1 for 4 people. */
export function shiftValues(shift: Pick<PlanShift, 'startsAt' | 'endsAt' | 'needed'> | null, day: string): ShiftValues {
  if (!shift) return { date: day, start: '09:00', end: '13:00', needed: '4' };
  const start = templeParts(shift.startsAt);
  return { date: start.date, start: start.time, end: templeParts(shift.endsAt).time, needed: String(shift.needed) };
}

/** The shift's body (after validation, so its times are complete). */
export function toShiftBody(v: ShiftValues): ShiftBody {
  const span = shiftSpan(v.date, v.start, v.end);
  if (!span) throw new Error('The shift form is not valid');
  return { ...span, needed: Number(v.needed.trim()) };
}

// The drop cut-off -----------------------------------------------------------------------------

export type CutoffValues = { dropCutoffHours: string };

export const cutoffSchema = yup.object({ dropCutoffHours: wholeNumber(CUTOFF_RANGE, 0, 336) });

// Messages -------------------------------------------------------------------------------------

export type MessageValues = { subject: string; body: string };

export const messageSchema = yup.object({
  subject: yup.string().trim().required(SUBJECT_LENGTH).min(3, SUBJECT_LENGTH).max(150, SUBJECT_LENGTH),
  body: yup.string().trim().required(BODY_LENGTH).max(5000, BODY_LENGTH),
});

// Copying a plan -------------------------------------------------------------------------------

export type CopyValues = { fromEventId: string };

export const copySchema = yup.object({ fromEventId: yup.string().required(EVENT_REQUIRED) });
