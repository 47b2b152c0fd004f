#!/usr/bin/env python3
"""Test oracle for crates/panchangam: fixture tables from the Swiss Ephemeris.

The Swiss Ephemeris (pyswisseph) is AGPL-licensed. It is used here ONLY to
produce JSON fixture files that the Rust tests compare against; it is never
linked into, vendored in or shipped with Mandir. See README.md beside this file.

Usage:  generate.py OUTPUT_DIR
Writes OUTPUT_DIR/sample-days.json, festival-years.json and reference.json.

Conventions (mirrored in README.md):
- Every instant is a UTC RFC 3339 string rounded to the nearest tenth of a
  second and always written with exactly one decimal: "2026-11-25T14:56:07.3Z".
- Positions are swe.calc_ut(jd_ut, body, FLG_SWIEPH): geocentric, apparent,
  true equinox of date. Sidereal positions add FLG_SIDEREAL with SIDM_LAHIRI.
- The output is deterministic: fixed random seed, tz data from the pinned
  `tzdata` package only (never the system's zoneinfo files).
"""

import datetime as dt
import importlib.metadata
import json
import math
import os
import random
import sys
import time
import zoneinfo

import swisseph as swe

# --------------------------------------------------------------------------
# Configuration
# --------------------------------------------------------------------------

GENERATOR = "tools/panchangam-oracle/generate.py"
SEED = 20260517  # fixed seed for the random sample of days

# (name, latitude, longitude east-positive, IANA zone); elevation 0 m.
LOCATIONS = [
    ("Folsom, CA", 38.6780, -121.1761, "America/Los_Angeles"),
    ("Edison, NJ", 40.5187, -74.4121, "America/New_York"),
    ("Houston, TX", 29.7604, -95.3698, "America/Chicago"),
    ("Honolulu, HI", 21.3069, -157.8583, "Pacific/Honolulu"),
    ("Chennai, India", 13.0827, 80.2707, "Asia/Kolkata"),
]
LOC = {loc[0]: loc for loc in LOCATIONS}

RANDOM_DAYS_PER_LOCATION = 130
RANDOM_FIRST = dt.date(1950, 1, 1)
RANDOM_LAST = dt.date(2100, 12, 31)
MIN_KSHAYA = 5  # per location, within the random sample
MIN_VRIDDHI = 5

FESTIVAL_LOCATIONS = ["Folsom, CA", "Chennai, India"]
FESTIVAL_FIRST = dt.date(2026, 1, 1)
FESTIVAL_LAST = dt.date(2030, 12, 31)
# tithiStarts and sankrantis cover [EVENTS_FROM, EVENTS_TO) in UTC,
# i.e. 2025-11-01T00:00Z up to the end of 2031-02-28.
EVENTS_FROM = dt.datetime(2025, 11, 1, tzinfo=dt.timezone.utc)
EVENTS_TO = dt.datetime(2031, 3, 1, tzinfo=dt.timezone.utc)

PRESSURE_HPA = 1013.25
TEMPERATURE_C = 15.0
FLAGS = swe.FLG_SWIEPH
SID_FLAGS = swe.FLG_SWIEPH | swe.FLG_SIDEREAL

NAKSHATRA_SPAN = 360.0 / 27.0
SECOND = 1.0 / 86400.0
TOLERANCE_DAYS = 0.01 * SECOND  # bisection stops below 0.01 s (output is rounded to 0.1 s)

# Use only the pinned tzdata package: the system's zone files could differ.
zoneinfo.reset_tzpath(to=[])

# Moshier ephemeris bit: 4; Swiss (.se1 files): 2; JPL: 1.
EPHE_MASK = swe.FLG_JPLEPH | swe.FLG_SWIEPH | swe.FLG_MOSEPH
EPHE_NAMES = {swe.FLG_MOSEPH: "moshier", swe.FLG_SWIEPH: "swiss", swe.FLG_JPLEPH: "jpl"}
ephemerides_seen = set()  # ephemeris bits actually returned by calc_ut

# --------------------------------------------------------------------------
# Swiss Ephemeris wrappers
# --------------------------------------------------------------------------


def calc(jd_ut, body, flags):
    """Longitude of `body` at jd_ut; records which ephemeris the library really used."""
    xx, retflags = swe.calc_ut(jd_ut, body, flags)
    ephemerides_seen.add(retflags & EPHE_MASK)
    return xx[0]


def sun_trop(jd):
    return calc(jd, swe.SUN, FLAGS)


def moon_trop(jd):
    return calc(jd, swe.MOON, FLAGS)


def sun_sid(jd):
    return calc(jd, swe.SUN, SID_FLAGS)


def moon_sid(jd):
    return calc(jd, swe.MOON, SID_FLAGS)


def elongation(jd):
    """E = (moon - sun) mod 360, tropical apparent longitudes."""
    return (moon_trop(jd) - sun_trop(jd)) % 360.0


def yoga_angle(jd):
    return (moon_sid(jd) + sun_sid(jd)) % 360.0


# Each panchanga quantity: its angle function, segment width in degrees, and a
# bracketing step in days (the angle must move well under 360 degrees per step).
QUANTITIES = {
    "tithi": (elongation, 12.0, 0.25),
    "karana": (elongation, 6.0, 0.25),
    "nakshatra": (moon_sid, NAKSHATRA_SPAN, 0.25),
    "yoga": (yoga_angle, NAKSHATRA_SPAN, 0.25),
    "rashi": (sun_sid, 30.0, 2.0),
}


def segment(angle, width):
    """1-based segment number of an angle in [0, 360)."""
    n = int(math.floor(angle / width)) + 1
    return min(n, int(round(360.0 / width)))  # guard against angle == 360.0 after rounding


def crossing(fn, boundary, jd_start, step):
    """First instant after jd_start at which the increasing angle fn reaches `boundary`
    (degrees, mod 360; it may lie up to 360 degrees ahead). Brackets by stepping
    forward, then bisects. Wrap-around at 360 is handled by measuring how far the
    angle moved from the bracket's lower end (mod 360) against how far the boundary
    was ahead of it; `step` must be short enough for fn to move < 360 degrees."""

    def reached(a_lo, a_t):
        return (a_t - a_lo) % 360.0 >= (boundary - a_lo) % 360.0

    lo, a_lo = jd_start, fn(jd_start)
    hi = lo + step
    a_hi = fn(hi)
    while not reached(a_lo, a_hi):
        lo, a_lo = hi, a_hi
        hi = lo + step
        a_hi = fn(hi)
    while hi - lo > TOLERANCE_DAYS:
        mid = 0.5 * (lo + hi)
        a_mid = fn(mid)
        if reached(a_lo, a_mid):
            hi = mid
        else:
            lo, a_lo = mid, a_mid
    return 0.5 * (lo + hi)


def number_at(name, jd):
    fn, width, _ = QUANTITIES[name]
    return segment(fn(jd), width)


def ends_at(name, jd):
    """(segment number at jd, first instant after jd when it leaves that segment)."""
    fn, width, step = QUANTITIES[name]
    n = segment(fn(jd), width)
    boundary = (n * width) % 360.0
    return n, crossing(fn, boundary, jd, step)


def all_crossings(fn, width, step, jd_from, jd_to):
    """Every instant in [jd_from, jd_to) at which fn crosses a multiple of `width`,
    as (index of the segment entered, 1-based; jd)."""
    out = []
    jd = jd_from
    while True:
        n = segment(fn(jd), width)
        boundary = (n * width) % 360.0
        jd = crossing(fn, boundary, jd, step)
        if jd >= jd_to:
            return out
        entered = n % int(round(360.0 / width)) + 1
        out.append((entered, jd))
        jd += 60 * SECOND  # step just past the boundary before looking for the next one


def rise_set(jd_start, lon, lat, which):
    """First sunrise (which=CALC_RISE) or sunset (CALC_SET) after jd_start; upper limb, standard refraction."""
    res, tret = swe.rise_trans(jd_start, swe.SUN, which, (lon, lat, 0.0), PRESSURE_HPA, TEMPERATURE_C, FLAGS)
    if res != 0:
        raise RuntimeError(f"rise_trans found no event after {jd_start} at {lat},{lon}: {res}")
    return tret[0]


# --------------------------------------------------------------------------
# Time conversion
# --------------------------------------------------------------------------

UNIX_EPOCH_JD = 2440587.5


def datetime_to_jd(t):
    return UNIX_EPOCH_JD + t.timestamp() / 86400.0


def jd_to_iso(jd):
    """RFC 3339 UTC, rounded to the nearest 0.1 s, always one decimal."""
    tenths = round((jd - UNIX_EPOCH_JD) * 864000.0)
    secs, tenth = divmod(tenths, 10)
    t = dt.datetime(1970, 1, 1, tzinfo=dt.timezone.utc) + dt.timedelta(seconds=secs)
    return t.strftime("%Y-%m-%dT%H:%M:%S") + f".{tenth}Z"


def local_midnight_jd(date, tz):
    return datetime_to_jd(dt.datetime(date.year, date.month, date.day, tzinfo=zoneinfo.ZoneInfo(tz)))


# --------------------------------------------------------------------------
# Days
# --------------------------------------------------------------------------

_sunrise_cache = {}


def sunrise_of(name, date):
    """First sunrise after local midnight starting `date` at location `name`."""
    key = (name, date)
    if key not in _sunrise_cache:
        _, lat, lon, tz = LOC[name]
        _sunrise_cache[key] = rise_set(local_midnight_jd(date, tz), lon, lat, swe.CALC_RISE)
    return _sunrise_cache[key]


_tithi_cache = {}


def tithi_at_sunrise(name, date):
    key = (name, date)
    if key not in _tithi_cache:
        _tithi_cache[key] = number_at("tithi", sunrise_of(name, date))
    return _tithi_cache[key]


def tithi_kind(name, date):
    """("normal"|"vriddhi"|"kshaya", skipped tithi or None) for local day `date`."""
    t0 = tithi_at_sunrise(name, date)
    t1 = tithi_at_sunrise(name, date + dt.timedelta(days=1))
    step = (t1 - t0) % 30
    if step == 0:
        return "vriddhi", None
    if step == 1:
        return "normal", None
    if step == 2:
        return "kshaya", t0 % 30 + 1
    raise RuntimeError(f"tithi jumped by {step} between sunrises at {name} on {date}")


class NewMoons:
    """All new moons (E crossing 0/360) over a span, with the sun's sidereal rashi at each."""

    def __init__(self, jd_from, jd_to):
        self.jds = [jd for _, jd in all_crossings(elongation, 360.0, 2.0, jd_from, jd_to)]
        self.rashis = [int(math.floor(sun_sid(jd) / 30.0)) % 12 for jd in self.jds]

    def around(self, jd):
        """Index i with jds[i] <= jd < jds[i+1]."""
        lo, hi = 0, len(self.jds) - 1
        if not (self.jds[0] <= jd < self.jds[-1]):
            raise RuntimeError("instant outside the new-moon table")
        while hi - lo > 1:
            mid = (lo + hi) // 2
            if self.jds[mid] <= jd:
                lo = mid
            else:
                hi = mid
        return lo

    def lunar_month(self, jd):
        """Amanta month at jd: ({"number", "adhika"}, new moon before, new moon after)."""
        i = self.around(jd)
        r1, r2 = self.rashis[i], self.rashis[i + 1]
        month = {"number": (r1 + 1) % 12 + 1, "adhika": r1 == r2}
        return month, self.jds[i], self.jds[i + 1]


def vara(date):
    """Weekday, 0 = Sunday."""
    return (date.weekday() + 1) % 7


def full_day(name, date, new_moons):
    _, lat, lon, _ = LOC[name]
    sunrise = sunrise_of(name, date)
    sunset = rise_set(sunrise, lon, lat, swe.CALC_SET)
    kind, skipped = tithi_kind(name, date)
    parts = {}
    for q in ("tithi", "nakshatra", "yoga", "karana"):
        n, end = ends_at(q, sunrise)
        parts[q] = {"number": n, "endsAt": jd_to_iso(end)}
    month, nm_before, nm_after = new_moons.lunar_month(sunrise)
    return {
        "location": name,
        "date": date.isoformat(),
        "sunrise": jd_to_iso(sunrise),
        "sunset": jd_to_iso(sunset),
        "vara": vara(date),
        "tithi": parts["tithi"],
        "tithiKind": kind,
        "skippedTithi": skipped,
        "nakshatra": parts["nakshatra"],
        "yoga": parts["yoga"],
        "karana": parts["karana"],
        "lunarMonth": month,
        "newMoonBefore": jd_to_iso(nm_before),
        "newMoonAfter": jd_to_iso(nm_after),
    }


def date_range(first, last):
    d = first
    while d <= last:
        yield d
        d += dt.timedelta(days=1)


def random_sample(name):
    """130 uniform random local dates for `name`, topped up with kshaya and vriddhi days.

    Each location has its own generator seeded from SEED and the location's name,
    so adding a location does not change the others' samples."""
    rng = random.Random(f"{SEED}:{name}")
    lo, hi = RANDOM_FIRST.toordinal(), RANDOM_LAST.toordinal()
    dates = set()
    while len(dates) < RANDOM_DAYS_PER_LOCATION:
        dates.add(dt.date.fromordinal(rng.randint(lo, hi)))
    counts = {"kshaya": 0, "vriddhi": 0}
    for d in dates:
        kind, _ = tithi_kind(name, d)
        if kind in counts:
            counts[kind] += 1
    # Top up: from further random dates, scan forward to the nearest day of the missing kind.
    for kind, minimum in (("kshaya", MIN_KSHAYA), ("vriddhi", MIN_VRIDDHI)):
        while counts[kind] < minimum:
            d = dt.date.fromordinal(rng.randint(lo, hi - 120))
            while d in dates or tithi_kind(name, d)[0] != kind:
                d += dt.timedelta(days=1)
            dates.add(d)
            counts[kind] += 1
    return sorted(dates)


# --------------------------------------------------------------------------
# Output
# --------------------------------------------------------------------------


def compact(value):
    return json.dumps(value, separators=(",", ":"), ensure_ascii=False)


def write_json(path, doc):
    """Top-level object one key per line; arrays one record per line."""
    lines = []
    for key, value in doc.items():
        if isinstance(value, list):
            body = ",\n".join("    " + compact(item) for item in value)
            lines.append(f"  {json.dumps(key)}: [\n{body}\n  ]" if value else f"  {json.dumps(key)}: []")
        else:
            lines.append(f"  {json.dumps(key)}: {compact(value)}")
    with open(path, "w", encoding="utf-8") as f:
        f.write("{\n" + ",\n".join(lines) + "\n}\n")


def log(msg):
    print(f"[{time.strftime('%H:%M:%S')}] {msg}", file=sys.stderr, flush=True)


def ephemeris_name():
    if len(ephemerides_seen) != 1:
        raise RuntimeError(f"calc_ut used several ephemerides: {sorted(ephemerides_seen)}")
    return EPHE_NAMES[next(iter(ephemerides_seen))]


def header(extra=None):
    doc = {
        "generator": GENERATOR,
        "swisseph": swe.version,
        "pyswisseph": importlib.metadata.version("pyswisseph"),
        "ephemeris": ephemeris_name(),
        "tzdata": importlib.metadata.version("tzdata"),
        "timeFormat": "UTC, rounded to 0.1 s",
    }
    doc.update(extra or {})
    return doc


def location_records(names):
    return [{"name": n, "latitude": LOC[n][1], "longitude": LOC[n][2], "timeZone": LOC[n][3]} for n in names]


# --------------------------------------------------------------------------
# Files
# --------------------------------------------------------------------------


def sample_days(new_moons):
    wanted = {}  # (location, date) -> True, deduplicated
    for name, *_ in LOCATIONS:
        for d in random_sample(name):
            wanted[(name, d)] = True
    for d in date_range(dt.date(2026, 1, 1), dt.date(2026, 12, 31)):
        wanted[("Folsom, CA", d)] = True
    for d in date_range(dt.date(2026, 5, 1), dt.date(2026, 7, 15)):
        wanted[("Chennai, India", d)] = True
    order = {n: i for i, (n, *_) in enumerate(LOCATIONS)}
    keys = sorted(wanted, key=lambda k: (order[k[0]], k[1]))
    days = [full_day(name, d, new_moons) for name, d in keys]
    return header({"seed": SEED}) | {"locations": location_records([l[0] for l in LOCATIONS]), "days": days}


def festival_years(new_moons):
    days = []
    for name in FESTIVAL_LOCATIONS:
        _, lat, lon, _ = LOC[name]
        for d in date_range(FESTIVAL_FIRST, FESTIVAL_LAST):
            sunrise = sunrise_of(name, d)
            month, _, _ = new_moons.lunar_month(sunrise)
            days.append({
                "location": name,
                "date": d.isoformat(),
                "sunrise": jd_to_iso(sunrise),
                "sunset": jd_to_iso(rise_set(sunrise, lon, lat, swe.CALC_SET)),
                "tithi": tithi_at_sunrise(name, d),
                "lunarMonth": month,
            })
    jd_from, jd_to = datetime_to_jd(EVENTS_FROM), datetime_to_jd(EVENTS_TO)
    tithi_starts = [{"tithi": n, "startsAt": jd_to_iso(jd)}
                    for n, jd in all_crossings(elongation, 12.0, 0.25, jd_from, jd_to)]
    sankrantis = [{"rashi": n - 1, "at": jd_to_iso(jd)}
                  for n, jd in all_crossings(sun_sid, 30.0, 2.0, jd_from, jd_to)]
    return header({
        "eventsFrom": EVENTS_FROM.strftime("%Y-%m-%dT%H:%M:%SZ"),
        "eventsTo": EVENTS_TO.strftime("%Y-%m-%dT%H:%M:%SZ"),
    }) | {
        "locations": location_records(FESTIVAL_LOCATIONS),
        "days": days,
        "tithiStarts": tithi_starts,
        "sankrantis": sankrantis,
    }


def reference():
    ephe_bit = next(iter(ephemerides_seen))
    delta_t = []
    for y in range(1900, 2101):
        jd = swe.julday(y, 1, 1, 0.0)
        delta_t.append({
            "year": y,
            # swe.deltat as asked (the library's default tidal acceleration) ...
            "seconds": swe.deltat(jd) * 86400.0,
            # ... and the value calc_ut applies with the ephemeris it actually used
            # (differs from "seconds" only before ~1955, by under 0.1 s, under Moshier).
            "secondsUsedByCalc": swe.deltat_ex(jd, ephe_bit) * 86400.0,
        })
    ayanamsa = []
    for y in range(1900, 2101, 5):
        jd = swe.julday(y, 1, 1, 0.0)
        _, mean = swe.get_ayanamsa_ex_ut(jd, FLAGS | swe.FLG_SIDEREAL | swe.FLG_NONUT)
        _, true = swe.get_ayanamsa_ex_ut(jd, FLAGS | swe.FLG_SIDEREAL)
        ayanamsa.append({"date": f"{y}-01-01", "degrees": mean, "degreesWithNutation": true})
    spots = []
    for (y, m, d) in ((1950, 1, 1), (2000, 1, 1), (2026, 11, 25), (2100, 6, 1)):
        jd = swe.julday(y, m, d, 0.0)
        (eps_true, eps_mean, nut_lon, nut_obl, _, _), _ = swe.calc_ut(jd, swe.ECL_NUT, 0)
        _, ayan = swe.get_ayanamsa_ex_ut(jd, FLAGS | swe.FLG_SIDEREAL | swe.FLG_NONUT)
        sun_mean = calc(jd, swe.SUN, FLAGS | swe.FLG_NONUT)  # aberrated, but mean equinox (no nutation)
        spots.append({
            "at": f"{y:04d}-{m:02d}-{d:02d}T00:00:00Z",
            "jdUt": jd,
            "deltaTSeconds": swe.deltat_ex(jd, ephe_bit) * 86400.0,
            "sunTropical": sun_trop(jd),
            "moonTropical": moon_trop(jd),
            "sunTropicalNoNutation": sun_mean,
            "sunSidereal": sun_sid(jd),
            "moonSidereal": moon_sid(jd),
            "elongation": elongation(jd),
            "ayanamsaNoNutation": ayan,
            "nutationLongitude": nut_lon,
            "obliquityTrue": eps_true,
        })
    return header({
        "deltaTNote": "seconds = swe.deltat(jd of YYYY-01-01 0h UT)*86400; secondsUsedByCalc = swe.deltat_ex with the ephemeris calc_ut used",
        "ayanamsaNote": "Lahiri (SIDM_LAHIRI) at YYYY-01-01 0h UT; degrees = get_ayanamsa_ex_ut(FLG_SIDEREAL|FLG_NONUT) (mean, = get_ayanamsa_ut); degreesWithNutation adds nutation in longitude",
        "spotNote": "at 0h UT; longitudes in degrees from calc_ut(FLG_SWIEPH): geocentric apparent, true equinox of date; sidereal = FLG_SIDEREAL with SIDM_LAHIRI",
    }) | {"deltaT": delta_t, "ayanamsa": ayanamsa, "spots": spots}


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: generate.py OUTPUT_DIR")
    out = sys.argv[1]
    os.makedirs(out, exist_ok=True)
    swe.set_sid_mode(swe.SIDM_LAHIRI, 0, 0)
    start = time.time()

    log("new moons 1949-11..2101-03")
    new_moons = NewMoons(swe.julday(1949, 11, 1, 0.0), swe.julday(2101, 3, 1, 0.0))

    log("sample-days.json")
    doc = sample_days(new_moons)
    write_json(os.path.join(out, "sample-days.json"), doc)
    log(f"  {len(doc['days'])} days")

    log("festival-years.json")
    doc = festival_years(new_moons)
    write_json(os.path.join(out, "festival-years.json"), doc)
    log(f"  {len(doc['days'])} days, {len(doc['tithiStarts'])} tithi starts, {len(doc['sankrantis'])} sankrantis")

    log("reference.json")
    write_json(os.path.join(out, "reference.json"), reference())

    log(f"done in {time.time() - start:.0f} s; Swiss Ephemeris {swe.version}, ephemeris: {ephemeris_name()}")


if __name__ == "__main__":
    main()
