import { translator } from '@/i18n/runtime';
import en from './en.json';

/** The volunteer dialogs' and the member's volunteering list's texts (ADR 0149). */
export const t = translator(en);
