import { translator } from '@/i18n/runtime';
import en from './en.json';

/** The donation forms' and dialog's texts (ADR 0149). */
export const t = translator(en);
