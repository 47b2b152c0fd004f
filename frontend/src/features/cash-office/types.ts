// The cash office's shapes, named from the generated API types (api.gen.ts).
import type { components } from '@/types/api.gen';

type Schemas = components['schemas'];

/** A hundi count: its figures by denomination, its confirmations, and the deposit holding it. */
export type Collection = Schemas['CollectionDto'];
export type CollectionRequest = Schemas['CollectionRequest'];
export type CountLine = Schemas['CountLine'];
export type Denomination = CountLine['denomination'];
export type Confirmation = Schemas['ConfirmationDto'];
/** A closed counter drawer: its cash counted against what the day's sales say. */
export type DrawerClose = Schemas['DrawerCloseDto'];
/** A check received at the counter or by mail. */
export type Check = Schemas['CheckDto'];
/** What waits to go to the bank: closed drawers, locked hundi counts, checks. */
export type Undeposited = Schemas['UndepositedDto'];
export type DepositRequest = Schemas['DepositRequest'];
export type DepositSummary = Schemas['DepositSummaryDto'];
/** A deposit with its items: its slip. */
export type Deposit = Schemas['DepositDto'];
