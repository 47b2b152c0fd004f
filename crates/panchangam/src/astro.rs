//! The positions of the Sun and the Moon, and the time scales, that the panchangam needs.
//!
//! Sources (all analytical theories; nothing is read at run time):
//! - Jean Meeus, *Astronomical Algorithms*, 2nd ed. (Willmann-Bell, 1998): Julian days (ch. 7),
//!   sidereal time (ch. 12), nutation and obliquity (ch. 22), the Sun from VSOP87 with the FK5
//!   correction and aberration (ch. 25 and 32), the Moon from the principal terms of Chapront's
//!   ELP-2000/82 (ch. 47, tables 47.A and 47.B; about 10″ in longitude).
//! - P. Bretagnon and G. Francou, VSOP87 (1988): the Earth's series, in `vsop87d_earth.rs`.
//! - ΔT: F. Espenak and J. Meeus, *Five Millennium Canon of Solar Eclipses* (NASA TP-2006-214141),
//!   polynomial expressions, before 2005; the IERS's observed values to 2025; after that see
//!   [`delta_t`].
//! - The Lahiri (Chitrapaksha) ayanamsa: 23°15′00.658″ (true, so less that day's nutation) at
//!   1956-03-21 00:00 TT as defined by the Indian Calendar Reform Committee and the Indian
//!   Astronomical Ephemeris, carried to other dates by the IAU 2006 general precession in
//!   longitude (N. Capitaine et al., A&A 412, 2003).
//!
//! Time arguments are Julian days: `jd` in Universal Time where it says so, `jde` in Terrestrial
//! Time (the series' own time scale).

use crate::vsop87d_earth::{B0, L0, L1, L2, R0, R1, Term};

pub const J2000: f64 = 2_451_545.0;
const DAYS_PER_CENTURY: f64 = 36_525.0;
const SECONDS_PER_DAY: f64 = 86_400.0;
const ARCSEC: f64 = 1.0 / 3_600.0;

/// The Julian day of a Unix time (seconds since 1970-01-01 00:00 UTC).
pub fn jd_of_unix(seconds: f64) -> f64 {
    seconds / SECONDS_PER_DAY + 2_440_587.5
}

pub fn unix_of_jd(jd: f64) -> f64 {
    (jd - 2_440_587.5) * SECONDS_PER_DAY
}

/// The angle in [0, 360).
pub fn normalize(degrees: f64) -> f64 {
    degrees.rem_euclid(360.0)
}

/// The angle in [-180, 180).
pub fn signed(degrees: f64) -> f64 {
    (degrees + 180.0).rem_euclid(360.0) - 180.0
}

/// ΔT = TT − UT in seconds.
/// - Before 2005: the polynomial expressions of Espenak and Meeus (within about 1 s of the
///   observed values).
/// - 2005–2025: the values the IERS observed, every five years, interpolated linearly.
/// - After 2025 nobody knows: the Earth's rotation is not predictable. A parabola through 69.0 s
///   in 2025, 74.6 s in 2050 and 93.2 s in 2100 follows the extrapolation of the Swiss Ephemeris
///   2.10, which most panchang software uses, so that dates agree with theirs. (The Espenak–Meeus
///   forecast says 203 s for 2100; at the Moon's speed the difference would move a tithi's end by
///   a minute.)
pub fn delta_t(jd: f64) -> f64 {
    const OBSERVED: [f64; 5] = [64.69, 66.07, 67.64, 69.36, 69.0];
    let y = 2000.0 + (jd - J2000) / 365.25;
    if y < 1920.0 {
        let t = y - 1900.0;
        -2.79 + t * (1.494_119 + t * (-0.059_893_9 + t * (0.006_196_6 - t * 0.000_197)))
    } else if y < 1941.0 {
        let t = y - 1920.0;
        21.20 + t * (0.844_93 + t * (-0.076_100 + t * 0.002_093_6))
    } else if y < 1961.0 {
        let t = y - 1950.0;
        29.07 + t * (0.407 + t * (-1.0 / 233.0 + t / 2_547.0))
    } else if y < 1986.0 {
        let t = y - 1975.0;
        45.45 + t * (1.067 + t * (-1.0 / 260.0 - t / 718.0))
    } else if y < 2005.0 {
        let t = y - 2000.0;
        63.86 + t * (0.334_5 + t * (-0.060_374 + t * (0.001_727_5 + t * (0.000_651_814 + t * 0.000_023_735_99))))
    } else if y < 2025.0 {
        let position = (y - 2005.0) / 5.0;
        let index = (position.floor() as usize).min(OBSERVED.len() - 2);
        let fraction = position - index as f64;
        OBSERVED[index] + fraction * (OBSERVED[index + 1] - OBSERVED[index])
    } else {
        let x = y - 2025.0;
        69.0 + x * (0.173_6 + x * 0.001_984)
    }
}

/// The Julian ephemeris day (TT) of a Julian day in UT.
pub fn jde_of(jd: f64) -> f64 {
    jd + delta_t(jd) / SECONDS_PER_DAY
}

fn centuries(jde: f64) -> f64 {
    (jde - J2000) / DAYS_PER_CENTURY
}

fn sum(terms: &[Term], tau: f64) -> f64 {
    terms.iter().map(|Term(a, b, c)| a * (b + c * tau).cos()).sum()
}

/// The Sun's geometric geocentric longitude (degrees, FK5, mean equinox of date) and distance
/// (au), from VSOP87D with Meeus's FK5 correction (ch. 32).
fn sun_geometric(jde: f64) -> (f64, f64, f64) {
    let tau = (jde - J2000) / (10.0 * DAYS_PER_CENTURY);
    let l = sum(L0, tau) + tau * (sum(L1, tau) + tau * sum(L2, tau));
    let b = sum(B0, tau);
    let r = sum(R0, tau) + tau * sum(R1, tau);
    let theta = normalize(l.to_degrees() + 180.0);
    let beta = -b.to_degrees();
    // FK5: λ' = Θ − 1.397°T − 0.00031°T²; ΔΘ = −0.09033″ + 0.03916″(cos λ' + sin λ') tan β.
    let t = tau * 10.0;
    let lambda_prime = (theta - t * (1.397 + 0.000_31 * t)).to_radians();
    let correction = -0.090_33 + 0.039_16 * (lambda_prime.cos() + lambda_prime.sin()) * beta.to_radians().tan();
    (theta + correction * ARCSEC, beta, r)
}

/// The Sun's longitude with aberration, referred to the mean equinox of date (degrees): the
/// apparent longitude without nutation. Nutation moves the Sun and the Moon alike, so the tithi
/// and the sidereal longitudes do without it. The latitude's part of the FK5 correction (under
/// 0.0001″, the Sun being within 1″ of the ecliptic) is left out, so the latitude series is not
/// summed here.
pub fn sun_longitude(jde: f64) -> f64 {
    let tau = (jde - J2000) / (10.0 * DAYS_PER_CENTURY);
    let l = sum(L0, tau) + tau * (sum(L1, tau) + tau * sum(L2, tau));
    let r = sum(R0, tau) + tau * sum(R1, tau);
    normalize(l.to_degrees() + 180.0 - 0.090_33 * ARCSEC - 20.489_8 * ARCSEC / r)
}

/// The Moon's geocentric longitude referred to the mean equinox of date (degrees): Meeus ch. 47,
/// the 60 principal terms of ELP-2000/82 with the additive terms for Venus, Jupiter and the
/// flattening of the Earth.
pub fn moon_longitude(jde: f64) -> f64 {
    let t = centuries(jde);
    let l1 = poly(t, &[218.316_447_7, 481_267.881_234_21, -0.001_578_6, 1.0 / 538_841.0, -1.0 / 65_194_000.0]);
    let d = poly(t, &[297.850_192_1, 445_267.111_403_4, -0.001_881_9, 1.0 / 545_868.0, -1.0 / 113_065_000.0]);
    let m = poly(t, &[357.529_109_2, 35_999.050_290_9, -0.000_153_6, 1.0 / 24_490_000.0]);
    let m1 = poly(t, &[134.963_396_4, 477_198.867_505_5, 0.008_741_4, 1.0 / 69_699.0, -1.0 / 14_712_000.0]);
    let f = poly(t, &[93.272_095, 483_202.017_523_3, -0.003_653_9, -1.0 / 3_526_000.0, 1.0 / 863_310_000.0]);
    let a1 = (119.75 + 131.849 * t).to_radians();
    let a2 = (53.09 + 479_264.29 * t).to_radians();
    let e = 1.0 - t * (0.002_516 + t * 0.000_007_4);
    let (d, m, m1, f, l1r) = (d.to_radians(), m.to_radians(), m1.to_radians(), f.to_radians(), l1.to_radians());
    let mut sigma_l = 0.0;
    for &(cd, cm, cm1, cf, amplitude) in MOON_LONGITUDE {
        let arg = f64::from(cd) * d + f64::from(cm) * m + f64::from(cm1) * m1 + f64::from(cf) * f;
        let eccentricity = match cm.abs() {
            1 => e,
            2 => e * e,
            _ => 1.0,
        };
        sigma_l += f64::from(amplitude) * eccentricity * arg.sin();
    }
    sigma_l += 3_958.0 * a1.sin() + 1_962.0 * (l1r - f).sin() + 318.0 * a2.sin();
    normalize(l1 + sigma_l / 1_000_000.0)
}

fn poly(t: f64, coefficients: &[f64]) -> f64 {
    coefficients.iter().rev().fold(0.0, |acc, c| acc * t + c)
}

/// Meeus table 47.A, longitude column: multiples of D, M, M′, F and the amplitude in 10⁻⁶ degree.
#[rustfmt::skip]
const MOON_LONGITUDE: &[(i8, i8, i8, i8, i32)] = &[
    (0, 0, 1, 0, 6_288_774), (2, 0, -1, 0, 1_274_027), (2, 0, 0, 0, 658_314), (0, 0, 2, 0, 213_618),
    (0, 1, 0, 0, -185_116), (0, 0, 0, 2, -114_332), (2, 0, -2, 0, 58_793), (2, -1, -1, 0, 57_066),
    (2, 0, 1, 0, 53_322), (2, -1, 0, 0, 45_758), (0, 1, -1, 0, -40_923), (1, 0, 0, 0, -34_720),
    (0, 1, 1, 0, -30_383), (2, 0, 0, -2, 15_327), (0, 0, 1, 2, -12_528), (0, 0, 1, -2, 10_980),
    (4, 0, -1, 0, 10_675), (0, 0, 3, 0, 10_034), (4, 0, -2, 0, 8_548), (2, 1, -1, 0, -7_888),
    (2, 1, 0, 0, -6_766), (1, 0, -1, 0, -5_163), (1, 1, 0, 0, 4_987), (2, -1, 1, 0, 4_036),
    (2, 0, 2, 0, 3_994), (4, 0, 0, 0, 3_861), (2, 0, -3, 0, 3_665), (0, 1, -2, 0, -2_689),
    (2, 0, -1, 2, -2_602), (2, -1, -2, 0, 2_390), (1, 0, 1, 0, -2_348), (2, -2, 0, 0, 2_236),
    (0, 1, 2, 0, -2_120), (0, 2, 0, 0, -2_069), (2, -2, -1, 0, 2_048), (2, 0, 1, -2, -1_773),
    (2, 0, 0, 2, -1_595), (4, -1, -1, 0, 1_215), (0, 0, 2, 2, -1_110), (3, 0, -1, 0, -892),
    (2, 1, 1, 0, -810), (4, -1, -2, 0, 759), (0, 2, -1, 0, -713), (2, 2, -1, 0, -700),
    (2, 1, -2, 0, 691), (2, -1, 0, -2, 596), (4, 0, 1, 0, 549), (0, 0, 4, 0, 537),
    (4, -1, 0, 0, 520), (1, 0, -2, 0, -487), (2, 1, 0, -2, -399), (0, 0, 2, -2, -381),
    (1, 1, 1, 0, 351), (3, 0, -2, 0, -340), (4, 0, -3, 0, 330), (2, -1, 2, 0, 327),
    (0, 2, 1, 0, -323), (1, 1, -1, 0, 299), (2, 0, 3, 0, 294),
];

/// The Lahiri ayanamsa (degrees) referred to the mean equinox of date: the sidereal longitude of a
/// body is its mean-equinox longitude minus this.
pub fn ayanamsa(jde: f64) -> f64 {
    // 1956-03-21 00:00 TT, when the Indian Astronomical Ephemeris fixes it at 23°15′00.658″: a
    // true ayanamsa, with that day's nutation in longitude (16.8″) in it, taken out here.
    const EPOCH: f64 = 2_435_553.5;
    const AT_EPOCH: f64 = 23.0 + 15.0 / 60.0 + 0.658 / 3_600.0;
    let t0 = centuries(EPOCH);
    AT_EPOCH - nutation(t0).0 + (precession(centuries(jde)) - precession(t0)) * ARCSEC
}

/// IAU 2006 general precession in longitude p_A, in arcseconds, T Julian centuries from J2000.
fn precession(t: f64) -> f64 {
    t * (5_028.796_195 + t * (1.105_434_8 + t * (0.000_079_64 + t * (-0.000_023_857 - t * 0.000_000_038_3))))
}

/// Nutation in longitude and obliquity (degrees), Meeus ch. 22's shorter series (0.5″).
fn nutation(t: f64) -> (f64, f64) {
    let omega = (125.044_52 - 1_934.136_261 * t + 0.002_070_8 * t * t + t * t * t / 450_000.0).to_radians();
    let l = (280.466_5 + 36_000.769_8 * t).to_radians();
    let l1 = (218.316_5 + 481_267.881_3 * t).to_radians();
    let dpsi = -17.20 * omega.sin() - 1.32 * (2.0 * l).sin() - 0.23 * (2.0 * l1).sin() + 0.21 * (2.0 * omega).sin();
    let deps = 9.20 * omega.cos() + 0.57 * (2.0 * l).cos() + 0.10 * (2.0 * l1).cos() - 0.09 * (2.0 * omega).cos();
    (dpsi * ARCSEC, deps * ARCSEC)
}

/// The Sun's apparent right ascension and declination (degrees), its distance (au), and the
/// apparent sidereal time at Greenwich (degrees), at a Julian day in UT.
pub fn sun_equatorial(jd: f64) -> SunPlace {
    let jde = jde_of(jd);
    let t = centuries(jde);
    let (theta, beta, r) = sun_geometric(jde);
    let (dpsi, deps) = nutation(t);
    let lambda = (theta - 20.489_8 * ARCSEC / r + dpsi).to_radians();
    let beta = beta.to_radians();
    let epsilon0 = 23.0 + 26.0 / 60.0 + (21.448 - t * (46.815_0 + t * (0.000_59 - t * 0.001_813))) / 3_600.0;
    let epsilon = (epsilon0 + deps).to_radians();
    let ra = (lambda.sin() * epsilon.cos() - beta.tan() * epsilon.sin()).atan2(lambda.cos());
    let dec = (beta.sin() * epsilon.cos() + beta.cos() * epsilon.sin() * lambda.sin()).asin();
    // Greenwich mean sidereal time (Meeus 12.4, T in UT) plus the equation of the equinoxes.
    let tu = centuries(jd);
    let gmst = 280.460_618_37 + 360.985_647_366_29 * (jd - J2000) + tu * tu * (0.000_387_933 - tu / 38_710_000.0);
    SunPlace {
        right_ascension: normalize(ra.to_degrees()),
        declination: dec.to_degrees(),
        distance: r,
        sidereal_time: normalize(gmst + dpsi * epsilon.cos()),
    }
}

#[derive(Debug, Clone, Copy)]
pub struct SunPlace {
    pub right_ascension: f64,
    pub declination: f64,
    pub distance: f64,
    pub sidereal_time: f64,
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn meeus_worked_examples() {
        // Example 47.a: 1992-04-12 00:00 TD, λ = 133.162655° before nutation.
        let moon = moon_longitude(2_448_724.5);
        assert!((moon - 133.162_655).abs() < 0.000_01, "moon {moon}");
        // Example 25.b: 1992-10-13 00:00 TD, the Sun's apparent longitude 199°54′21.818″
        // (nutation +15.908″).
        let sun = sun_longitude(2_448_908.5) + 15.908 * ARCSEC;
        let expected = 199.0 + 54.0 / 60.0 + 21.818 / 3_600.0;
        assert!((sun - expected).abs() < 0.5 * ARCSEC, "sun {sun} vs {expected}");
    }

    #[test]
    fn delta_t_is_continuous_enough_across_its_pieces() {
        for year in [1920.0, 1941.0, 1961.0, 1986.0, 2005.0, 2010.0, 2025.0] {
            let jd = J2000 + (year - 2000.0) * 365.25;
            let jump = (delta_t(jd + 0.01) - delta_t(jd - 0.01)).abs();
            assert!(jump < 2.0, "ΔT jumps {jump} s at {year}");
        }
    }
}
