// Cash office records for tests, as the server writes them.
import { makeStaff } from '@/testing/data';
import type { User } from '@/types/api';
import type { Check, Collection, Deposit, DepositSummary, DrawerClose } from './types';

/** A treasurer: counts hundis and makes deposits (`count_collections`, `make_deposits`). */
export function makeTreasurer(overrides: Partial<User> = {}): User {
  return makeStaff(['treasurer'], overrides);
}

export function makeCollection(overrides: Partial<Collection> = {}): Collection {
  return {
    id: 'col-1',
    boxName: 'Main hundi',
    countedOn: '2026-11-24',
    counts: [
      { denomination: 'bill_20', pieces: 3 },
      { denomination: 'bill_1', pieces: 12 },
      { denomination: 'coin_25', pieces: 7 },
    ],
    total: '73.75',
    donationTypeId: null,
    fundName: 'General fund',
    note: null,
    revision: 1,
    createdByName: 'Radha Iyer',
    createdAt: '2026-11-24T18:00:00Z',
    updatedAt: '2026-11-24T18:00:00Z',
    firstConfirmation: null,
    secondConfirmation: null,
    locked: false,
    paymentId: null,
    receiptNumber: null,
    deposit: null,
    ...overrides,
  };
}

export function makeDrawerClose(overrides: Partial<DrawerClose> = {}): DrawerClose {
  return {
    id: 'dr-1',
    day: '2026-11-24',
    closedAt: '2026-11-25T02:00:00Z',
    closedByName: 'Desk Volunteer',
    expected: '122.00',
    counted: '120.00',
    difference: '-2.00',
    note: 'Gave $2 too much change',
    sales: 4,
    deposit: null,
    ...overrides,
  };
}

export function makeCheck(overrides: Partial<Check> = {}): Check {
  return {
    id: 'chk-1',
    paymentId: 'p-1',
    receiptNumber: 'AUTO-1-1',
    donorName: 'Meena Krishnan',
    channel: 'counter',
    receivedAt: '2026-11-24T19:00:00Z',
    method: 'check',
    amount: '25.00',
    tendered: null,
    change: null,
    checkNumber: '1042',
    bank: 'Golden 1',
    checkDate: '2026-11-20',
    paymentIntentId: null,
    deposit: null,
    ...overrides,
  };
}

export function makeDepositSummary(overrides: Partial<DepositSummary> = {}): DepositSummary {
  return {
    id: 'dep-1',
    number: 'D-20261125-1',
    cash: '73.75',
    checks: '25.00',
    checkCount: 1,
    total: '98.75',
    note: null,
    createdAt: '2026-11-25T18:00:00Z',
    createdByName: 'Radha Iyer',
    clearedAt: null,
    clearedByName: null,
    ...overrides,
  };
}

export function makeDeposit(overrides: Partial<Deposit> = {}): Deposit {
  const ref = { id: 'dep-1', number: 'D-20261125-1', cleared: false };
  return {
    deposit: makeDepositSummary(),
    drawers: [],
    collections: [makeCollection({ locked: true, deposit: ref })],
    checks: [makeCheck({ deposit: ref })],
    ...overrides,
  };
}
