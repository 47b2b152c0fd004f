import { afterEach, describe, expect, it } from 'vitest';
import { loadLanguage, setPageLanguage } from '@/i18n/runtime';
import { readAcknowledgement } from './acknowledgement';

describe('readAcknowledgement', () => {
  afterEach(() => setPageLanguage('en'));

  it('reads the server’s sentences for their translation, and leaves English and unknown sentences alone', async () => {
    const goods =
      'Goods or services with an estimated fair market value of $1,250.00 were provided in exchange for this contribution; the deductible part is $100000.00.';
    expect(readAcknowledgement('No goods or services were provided in exchange for this contribution.')).toBeNull();
    setPageLanguage('te', await loadLanguage('te'));
    expect(readAcknowledgement(' No goods or services were provided in exchange for this contribution. ')).toEqual({ kind: 'noGoods' });
    expect(readAcknowledgement('What was provided in exchange for each gift is stated with it.')).toEqual({ kind: 'eachGift' });
    expect(readAcknowledgement(goods)).toEqual({ kind: 'goods', value: '$1,250.00', deductible: '$1,00,000.00', religiousToo: false });
    expect(readAcknowledgement(`${goods} Any other goods or services provided were intangible religious benefits.`)).toMatchObject({
      religiousToo: true,
    });
    expect(readAcknowledgement('Something the page does not know.')).toBeNull();
  });
});
