//! The growing delay after failed password checks, per account name (docs/accounts.md,
//! "Failed attempts"). It slows the answers, never locks the account: while a name has
//! failures, every attempt at it (right or wrong, by anybody) waits before its password is
//! checked, so guessing gets slow and the owner still gets in. A name nobody holds is
//! counted the same way, so the delays tell nothing about which names exist.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// Failures that cost nothing (typing slips).
pub const FREE_FAILURES: u32 = 3;
/// The longest delay, in multiples of the base delay.
pub const MAX_FACTOR: u32 = 16;
/// A name's failures are forgotten this long after its last one.
pub const FORGET_AFTER: Duration = Duration::from_secs(15 * 60);
/// Names remembered at most; past it the oldest half is dropped.
const MAX_NAMES: usize = 100_000;

/// The failure counts, keyed by canonical name.
pub struct Throttle {
    base: Duration,
    failures: Mutex<HashMap<String, (u32, Instant)>>,
}

impl Throttle {
    /// A throttle whose first delay is `base` (doubling to 16 × base).
    pub fn new(base: Duration) -> Throttle {
        Throttle {
            base,
            failures: Mutex::new(HashMap::new()),
        }
    }

    /// The delay before an attempt at `name` is answered: none for the first
    /// [`FREE_FAILURES`] failures, then `base`, doubling with each further one, at most
    /// [`MAX_FACTOR`] × `base`.
    pub fn delay(&self, name: &str) -> Duration {
        let map = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        match map.get(name) {
            Some(&(n, at)) if n >= FREE_FAILURES && at.elapsed() < FORGET_AFTER => {
                let factor = 1u32 << (n - FREE_FAILURES).min(4);
                self.base * factor.min(MAX_FACTOR)
            }
            _ => Duration::ZERO,
        }
    }

    /// Counts a failed attempt at `name`.
    pub fn failed(&self, name: &str) {
        let mut map = self.failures.lock().unwrap_or_else(|e| e.into_inner());
        if map.len() >= MAX_NAMES {
            map.retain(|_, (_, at)| at.elapsed() < FORGET_AFTER);
            if map.len() >= MAX_NAMES {
                let mut ages: Vec<Instant> = map.values().map(|(_, at)| *at).collect();
                ages.sort();
                let cut = ages[ages.len() / 2];
                map.retain(|_, (_, at)| *at > cut);
            }
        }
        let e = map.entry(name.to_string()).or_insert((0, Instant::now()));
        if e.1.elapsed() >= FORGET_AFTER {
            e.0 = 0;
        }
        e.0 = e.0.saturating_add(1);
        e.1 = Instant::now();
    }

    /// A right password for `name`: its failures are forgotten.
    pub fn succeeded(&self, name: &str) {
        self.failures
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .remove(name);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_delay_grows_per_name_and_a_success_resets_it() {
        let t = Throttle::new(Duration::from_millis(100));
        for _ in 0..FREE_FAILURES {
            assert_eq!(t.delay("anna"), Duration::ZERO);
            t.failed("anna");
        }
        assert_eq!(t.delay("anna"), Duration::from_millis(100));
        t.failed("anna");
        assert_eq!(t.delay("anna"), Duration::from_millis(200));
        for _ in 0..20 {
            t.failed("anna");
        }
        assert_eq!(t.delay("anna"), Duration::from_millis(1600));
        assert_eq!(t.delay("ben"), Duration::ZERO, "another name is not slowed");
        t.succeeded("anna");
        assert_eq!(t.delay("anna"), Duration::ZERO);
    }
}
