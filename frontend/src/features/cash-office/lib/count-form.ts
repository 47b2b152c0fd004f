import * as yup from 'yup';
import type { Collection, CollectionRequest } from '../types';
import { countTotalCents, emptyPieces, MAX_TOTAL_CENTS, parsePieces, piecesFromLines, toCountLines, type PiecesDraft } from './denominations';

/** The count form's values: the box, the day, the fund ('' = the general fund), the pieces typed and a note. */
export type CountValues = { boxName: string; countedOn: string; donationTypeId: string; note: string; pieces: PiecesDraft };

// The server's messages (crates/domain/src/cash_office.rs), so the form and the server say the same.
export const BOX_REQUIRED = 'Name the box that was counted (at most 100 characters)';
export const COUNTED_ON_INVALID = 'Enter the counting date as YYYY-MM-DD, today or earlier';
export const COUNT_INVALID = 'Each count is a whole number of pieces from 0 to 1,000,000';
export const NOTHING_COUNTED = 'Enter how many of each bill and coin were counted';
export const COUNT_TOO_LARGE = "A count's total must be less than 1,000,000";
export const NOTE_TOO_LONG = 'A note must be at most 500 characters';

export function newCountValues(today: string): CountValues {
  return { boxName: 'Main hundi', countedOn: today, donationTypeId: '', note: '', pieces: emptyPieces() };
}

/** A stored count as the form's values, to correct it. */
export function countValuesOf(c: Collection): CountValues {
  return { boxName: c.boxName, countedOn: c.countedOn, donationTypeId: c.donationTypeId ?? '', note: c.note ?? '', pieces: piecesFromLines(c.counts) };
}

/** Checks the form as the server will, on or before `today` (the temple's date). */
export function countSchema(today: string) {
  return yup.object({
    boxName: yup.string().trim().required(BOX_REQUIRED).max(100, BOX_REQUIRED),
    countedOn: yup
      .string()
      .required(COUNTED_ON_INVALID)
      .matches(/^\d{4}-\d{2}-\d{2}$/, COUNTED_ON_INVALID)
      .test('not-future', COUNTED_ON_INVALID, (v) => !v || v <= today),
    note: yup.string().max(500, NOTE_TOO_LONG),
    pieces: yup
      .object()
      .test('counts', (value, ctx) => {
        // Formik hands blank fields over as undefined.
        const draft = (value ?? {}) as Partial<PiecesDraft>;
        if (Object.values(draft).some((t) => parsePieces(t) === null)) return ctx.createError({ message: COUNT_INVALID });
        const total = countTotalCents(draft);
        if (total <= 0) return ctx.createError({ message: NOTHING_COUNTED });
        if (total >= MAX_TOTAL_CENTS) return ctx.createError({ message: COUNT_TOO_LARGE });
        return true;
      }),
  });
}

/** The request the server takes for the form's values. */
export function toCollectionRequest(v: CountValues): CollectionRequest {
  return {
    boxName: v.boxName.trim(),
    countedOn: v.countedOn,
    counts: toCountLines(v.pieces),
    donationTypeId: v.donationTypeId || null,
    note: v.note.trim() || null,
  };
}
