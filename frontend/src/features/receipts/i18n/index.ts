import { translator } from '@/i18n/runtime';
import en from './en.json';

/** The donation receipt's texts, and the translations shown beside its IRS acknowledgement (ADR 0149). */
export const t = translator(en);
