//! Per-address rate limits: a token bucket per client address (GCRA, the `governor` crate),
//! shared by every limited request (table creation, and each further kind that names its
//! own [`AddressLimiter`]). A limit of 0 per minute is off.

use std::net::IpAddr;
use std::num::NonZeroU32;

use governor::clock::{Clock, DefaultClock};
use governor::{DefaultKeyedRateLimiter, Quota, RateLimiter};

/// At most `per_minute` requests a minute from one address, in a burst of up to
/// `per_minute`, refilled evenly over the minute.
pub struct AddressLimiter {
    limiter: Option<DefaultKeyedRateLimiter<IpAddr>>,
    per_minute: u32,
}

impl AddressLimiter {
    /// A limiter of `per_minute` requests a minute per address; 0 lets everything through.
    pub fn per_minute(per_minute: u32) -> Self {
        let limiter = NonZeroU32::new(per_minute).map(|n| RateLimiter::keyed(Quota::per_minute(n)));
        AddressLimiter { limiter, per_minute }
    }

    /// The configured number a minute (0: off).
    pub fn limit(&self) -> u32 {
        self.per_minute
    }

    /// Counts one request from `addr`: Ok when it is allowed, else Err with the whole seconds
    /// (at least 1) until the next one is.
    pub fn check(&self, addr: IpAddr) -> Result<(), u64> {
        let Some(l) = &self.limiter else {
            return Ok(());
        };
        if l.len() > 10_000 {
            // Forget the addresses whose bucket is full again.
            l.retain_recent();
        }
        l.check_key(&addr).map_err(|not_until| {
            let wait = not_until.wait_time_from(DefaultClock::default().now());
            wait.as_secs_f64().ceil().max(1.0) as u64
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_burst_of_the_limit_passes_then_the_next_waits() {
        let l = AddressLimiter::per_minute(3);
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        let b: IpAddr = "192.0.2.2".parse().unwrap();
        for _ in 0..3 {
            assert_eq!(l.check(a), Ok(()));
        }
        let wait = l.check(a).unwrap_err();
        assert!((1..=20).contains(&wait), "{wait}");
        // Another address has its own bucket.
        assert_eq!(l.check(b), Ok(()));
    }

    #[test]
    fn zero_is_off() {
        let l = AddressLimiter::per_minute(0);
        let a: IpAddr = "192.0.2.1".parse().unwrap();
        for _ in 0..1000 {
            assert_eq!(l.check(a), Ok(()));
        }
    }
}
