export { formatDay } from '@/lib/format';
