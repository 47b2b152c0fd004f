// What the page renderer's JavaScript engine lacks (QuickJS in the server, crates/http/src/page_render.rs;
// docs/decisions/0120-public-pages-rendered-per-request.md), set up before any module of the app runs.
// Only what the public pages use while rendering: anything else throws, the render fails, and the
// server sends the build-time prerendered page instead.
import 'core-js/actual/url';
import 'core-js/actual/url-search-params';

/** Provided by the server: the UTC offset, in minutes, of IANA `zone` at `epochMs`. */
declare function __mandirTzOffset(zone: string, epochMs: number): number;
/** Provided by the server: a warning or error the render printed. */
declare function __mandirLog(level: string, message: string): void;

type Global = Record<string, unknown>;
const g = globalThis as unknown as Global;

const text = (args: unknown[]) => args.map((a) => (a instanceof Error ? `${a.message}\n${a.stack ?? ''}` : String(a))).join(' ');
g.console = {
  log: () => {},
  info: () => {},
  debug: () => {},
  warn: (...args: unknown[]) => __mandirLog('warn', text(args)),
  error: (...args: unknown[]) => __mandirLog('error', text(args)),
};

// A render is one synchronous pass: timers never fire (nothing rendered may wait for one).
let timer = 0;
const never = () => ++timer;
g.setTimeout = never;
g.setInterval = never;
g.setImmediate = never;
g.clearTimeout = () => {};
g.clearInterval = () => {};
g.clearImmediate = () => {};
g.queueMicrotask = (task: () => void) => void Promise.resolve().then(task);

const two = (n: number) => String(n).padStart(2, '0');

/** `Intl.DateTimeFormat` for time-zone offsets only, as `@date-fns/tz` asks for them. */
class OffsetDateTimeFormat {
  private readonly timeZone: string;
  constructor(_locale?: string, options?: { timeZone?: string; timeZoneName?: string }) {
    if (!options?.timeZone || options.timeZoneName !== 'longOffset') {
      throw new RangeError('the page renderer formats time-zone offsets only');
    }
    this.timeZone = options.timeZone;
  }
  format = (date: Date | number): string => {
    const minutes = __mandirTzOffset(this.timeZone, +date);
    if (!Number.isFinite(minutes)) throw new RangeError(`unknown time zone ${this.timeZone}`);
    const abs = Math.abs(minutes);
    return `GMT${minutes < 0 ? '-' : '+'}${two(Math.floor(abs / 60))}:${two(abs % 60)}`;
  };
}

/** The locales the site's languages format in (src/i18n/languages.ts). */
const LOCALES = ['en-US', 'te-IN', 'ta-IN', 'hi-IN', 'kn-IN'];

/** `Intl.NumberFormat` of the site's locales for US dollars and plain numbers: thousands in en-US, lakhs in the Indian ones. */
class UsdNumberFormat {
  private readonly currency: boolean;
  private readonly min: number;
  private readonly max: number;
  private readonly indian: boolean;
  constructor(locale?: string, options?: { style?: string; currency?: string; minimumFractionDigits?: number; maximumFractionDigits?: number }) {
    if (locale !== undefined && !LOCALES.includes(locale)) throw new RangeError(`the page renderer formats ${LOCALES.join(', ')} only, not ${locale}`);
    this.indian = locale !== undefined && locale !== 'en-US';
    this.currency = options?.style === 'currency';
    if (this.currency && options?.currency !== 'USD') throw new RangeError('the page renderer formats US dollars only');
    if (options?.style && !this.currency && options.style !== 'decimal') throw new RangeError(`no ${options.style} style`);
    this.min = options?.minimumFractionDigits ?? (this.currency ? 2 : 0);
    this.max = Math.max(this.min, options?.maximumFractionDigits ?? (this.currency ? 2 : 3));
  }
  format = (value: number): string => {
    const negative = value < 0;
    let digits = Math.abs(value).toFixed(this.max);
    if (this.max > this.min) digits = digits.replace(new RegExp(`0{1,${this.max - this.min}}$`), '').replace(/\.$/, '');
    const [whole, fraction] = digits.split('.');
    const grouped =
      this.indian && whole.length > 3
        ? `${whole.slice(0, -3).replace(/\B(?=(\d{2})+(?!\d))/g, ',')},${whole.slice(-3)}`
        : whole.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
    return `${negative ? '-' : ''}${this.currency ? '$' : ''}${grouped}${fraction ? `.${fraction}` : ''}`;
  };
}

/**
 * `Intl.PluralRules` (cardinal) of the site's languages, for the catalogues' plural messages
 * (CLDR's rules: English, Telugu and Tamil say "one" for exactly 1; Hindi and Kannada also for 0
 * and any number below 1).
 */
class SitePluralRules {
  private readonly zeroIsOne: boolean;
  constructor(locale?: string | string[], options?: { type?: string }) {
    const tag = Array.isArray(locale) ? locale[0] : locale;
    if (tag !== undefined && !LOCALES.includes(tag)) throw new RangeError(`no plural rules for ${tag}`);
    if (options?.type === 'ordinal') throw new RangeError('the page renderer has cardinal plural rules only');
    this.zeroIsOne = tag === 'hi-IN' || tag === 'kn-IN';
  }
  select = (n: number): 'one' | 'other' => {
    if (n === 1) return 'one';
    return this.zeroIsOne && Math.abs(n) < 1 ? 'one' : 'other';
  };
}

if (typeof g.Intl === 'undefined') g.Intl = { DateTimeFormat: OffsetDateTimeFormat, NumberFormat: UsdNumberFormat, PluralRules: SitePluralRules };
