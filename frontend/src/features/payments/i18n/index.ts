import { translator } from '@/i18n/runtime';
import en from './en.json';

/** The payment screens' texts: card, Zelle, the sandbox and the confirmation (ADR 0149). */
export const t = translator(en);
