import { translator } from '@/i18n/runtime';
import en from './en.json';

/** The member's giving pages' texts: My donations, pledges and statements (ADR 0149). */
export const t = translator(en);
