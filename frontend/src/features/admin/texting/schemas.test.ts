import { describe, expect, it } from 'vitest';
import { CAP_INVALID, capSchema } from './schemas';

async function errorsOf(monthlyCap: string): Promise<string[]> {
  try {
    await capSchema.validate({ monthlyCap }, { abortEarly: false });
    return [];
  } catch (err) {
    return (err as { errors: string[] }).errors;
  }
}

describe('monthly cap rule', () => {
  it('takes a whole number of texts from 0 to 1,000,000', async () => {
    for (const ok of ['0', '1', '500', ' 250 ', '1000000']) expect(await errorsOf(ok), ok).toEqual([]);
  });

  it("refuses anything else with the server's message", async () => {
    for (const bad of ['', '  ', '-1', '2.5', 'lots', '1,000', '1e3', '1000001', '99999999999']) {
      expect(await errorsOf(bad), bad).toEqual([CAP_INVALID]);
    }
  });
});
