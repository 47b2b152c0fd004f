import * as yup from 'yup';

// The server's rule and message (crates/domain/src/texting.rs, `monthly_cap`).
export const CAP_INVALID = 'The monthly cap must be a whole number from 0 to 1,000,000';
export const MAX_MONTHLY_CAP = 1_000_000;

/** Admin → Texting's cap as typed: a whole number of texts a month, 0 (texting off) to 1,000,000. */
export const capSchema = yup.object({
  monthlyCap: yup.string().test('cap', CAP_INVALID, (v) => {
    const text = (v ?? '').trim();
    return /^\d{1,7}$/.test(text) && Number(text) <= MAX_MONTHLY_CAP;
  }),
});

export type CapValues = { monthlyCap: string };
