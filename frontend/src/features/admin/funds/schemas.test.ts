import { describe, expect, it } from 'vitest';
import { makeFund } from '@/testing/data';
import {
  changedFundFields,
  DATE_INVALID,
  DESCRIPTION_TOO_LONG,
  ENDS_BEFORE_START,
  fundSchema,
  fundValues,
  GOAL_INVALID,
  GOAL_TOO_LARGE,
  GOAL_TOO_SMALL,
  goalProblem,
  NAME_REQUIRED,
  NAME_TOO_LONG,
  toFundBody,
} from './schemas';

async function errorsOf(values: Partial<ReturnType<typeof fundValues>>): Promise<string[]> {
  try {
    await fundSchema.validate({ ...fundValues(null), name: 'Building', ...values }, { abortEarly: false });
    return [];
  } catch (err) {
    return (err as { errors: string[] }).errors;
  }
}

describe('fund form rules', () => {
  it('reads a goal as the server does: dollars, two decimals at most, 1 to 100,000,000, blank for none', () => {
    for (const ok of ['', '  ', '1', '500000', '500000.00', '1.5', '100000000', ' 25 ', '5.']) expect(goalProblem(ok), ok).toBeNull();
    for (const bad of ['abc', '1,000', '12.345', '.', '-', '$5', '1e6']) expect(goalProblem(bad), bad).toBe(GOAL_INVALID);
    expect(goalProblem('0.99')).toBe(GOAL_TOO_SMALL);
    expect(goalProblem('-5')).toBe(GOAL_TOO_SMALL);
    expect(goalProblem('100000000.01')).toBe(GOAL_TOO_LARGE);
    expect(goalProblem('12345678901234')).toBe(GOAL_TOO_LARGE);
  });

  it("gives the server's messages", async () => {
    expect(await errorsOf({})).toEqual([]);
    expect(await errorsOf({ name: ' a ' })).toEqual([NAME_REQUIRED]);
    expect(await errorsOf({ name: 'x'.repeat(101) })).toEqual([NAME_TOO_LONG]);
    expect(await errorsOf({ description: 'x'.repeat(2001) })).toEqual([DESCRIPTION_TOO_LONG]);
    expect(await errorsOf({ startsOn: '2027-02-30' })).toEqual([DATE_INVALID]);
    expect(await errorsOf({ startsOn: '2027-03-01', endsOn: '2027-02-28' })).toEqual([ENDS_BEFORE_START]);
    expect(await errorsOf({ startsOn: '2027-03-01', endsOn: '2027-03-01' })).toEqual([]);
  });

  it('creates with every field and edits with the fields changed', () => {
    expect(toFundBody({ ...fundValues(null), name: ' Annadanam ', description: '  ' })).toEqual({
      name: 'Annadanam',
      description: null,
      goal: null,
      startsOn: null,
      endsOn: null,
      restricted: false,
      isActive: true,
    });
    const fund = makeFund({ goal: '500000.00', startsOn: '2027-01-01' });
    expect(changedFundFields(fund, fundValues(fund))).toEqual({});
    expect(changedFundFields(fund, { ...fundValues(fund), goal: '500000' })).toEqual({});
    expect(changedFundFields(fund, { ...fundValues(fund), goal: '600000', startsOn: '', description: 'New', restricted: true })).toEqual({
      goal: '600000',
      startsOn: null,
      description: 'New',
      restricted: true,
    });
  });
});
