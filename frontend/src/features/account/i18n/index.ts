import { translator } from '@/i18n/runtime';
import en from './en.json';

/** Account Settings' texts: password, e-mail, reminders, text messages, calendar link, my data, deletion (ADR 0149). */
export const t = translator(en);
