import { translator } from '@/i18n/runtime';
import en from './en.json';

/** The profile's Star birthdays tab: the birth stars, their dialog and its rules' messages (ADR 0149). */
export const t = translator(en);
