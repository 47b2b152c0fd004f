//! Sunrise and sunset: the moment the Sun's upper limb touches the horizon, seen through the
//! standard atmosphere, as almanacs print them (Meeus ch. 15, solved by iteration on the hour
//! angle rather than interpolated).

use crate::astro::{signed, sun_equatorial};

/// The standard refraction at the horizon (34′) plus the Sun's semidiameter (15.994′ at 1 au).
fn horizon_depression(distance: f64) -> f64 {
    (34.0 + 15.994 / distance) / 60.0
}

#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Event {
    Rise,
    Set,
}

/// The sunrise or sunset nearest to `guess` (a Julian day in UT, within a few hours of it), at a
/// place given in degrees (longitude east). `None` when the Sun does not cross the horizon that
/// day (far past the polar circles).
pub fn solve(event: Event, guess: f64, latitude: f64, longitude: f64) -> Option<f64> {
    let phi = latitude.to_radians();
    let mut jd = guess;
    for _ in 0..12 {
        let sun = sun_equatorial(jd);
        let delta = sun.declination.to_radians();
        let h0 = -horizon_depression(sun.distance).to_radians();
        let cos_h = (h0.sin() - phi.sin() * delta.sin()) / (phi.cos() * delta.cos());
        if !(-1.0..=1.0).contains(&cos_h) {
            return None;
        }
        let wanted = match event {
            Event::Rise => -cos_h.acos().to_degrees(),
            Event::Set => cos_h.acos().to_degrees(),
        };
        let hour_angle = signed(sun.sidereal_time + longitude - sun.right_ascension);
        // The hour angle grows 360.9856° a day relative to the stars, 360° relative to the Sun.
        let step = signed(wanted - hour_angle) / 360.0;
        jd += step;
        if step.abs() < 0.05 / 86_400.0 {
            return Some(jd);
        }
    }
    Some(jd)
}
