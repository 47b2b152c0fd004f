//! `just bench`'s panchangam budget (bench/README.md): a full year of daily panchangam for one place in
//! under 50 ms on one core. Run in release, pinned to one core by bench/run.py; prints JSON.
#![allow(clippy::unwrap_used, clippy::expect_used)]

use std::time::Instant;

use chrono::NaiveDate;
use mandir_domain::panchangam::Place;

fn main() {
    let places = [
        ("Folsom, CA", Place { latitude: 38.678, longitude: -121.1761, zone: chrono_tz::America::Los_Angeles }),
        ("Chennai, India", Place { latitude: 13.0827, longitude: 80.2707, zone: chrono_tz::Asia::Kolkata }),
    ];
    let mut runs = Vec::new();
    for year in [2026, 2027, 2028] {
        let from = NaiveDate::from_ymd_opt(year, 1, 1).expect("date");
        let to = NaiveDate::from_ymd_opt(year, 12, 31).expect("date");
        for (_, place) in &places {
            for _ in 0..5 {
                let started = Instant::now();
                let days = mandir_panchangam::days(place, from, to).expect("days");
                runs.push(started.elapsed().as_secs_f64() * 1000.0);
                assert!(days.len() >= 365);
            }
        }
    }
    runs.sort_by(f64::total_cmp);
    let median = runs[runs.len() / 2];
    let worst = runs[runs.len() - 1];
    println!("{{\"runs\": {}, \"median_ms\": {median:.2}, \"max_ms\": {worst:.2}}}", runs.len());
}
