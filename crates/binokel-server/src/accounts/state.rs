//! What the account routes of one process share: the password hasher with its bound, the
//! per-name delay after failures, and the per-address limits of logins and sign-ups.

use super::password::Hasher;
use super::throttle::Throttle;
use crate::config::Config;
use crate::limits::AddressLimiter;

/// The shared state of the account routes (a field of [`Shared`](crate::Shared)).
pub struct Accounts {
    /// The argon2id hashes, at most [`Config::password_hashes`] at once.
    pub(crate) hasher: Hasher,
    /// The growing delay per name after failed password checks.
    pub(crate) throttle: Throttle,
    /// Password checks (logins, password changes, deletions) per client address.
    pub(crate) logins: AddressLimiter,
    /// Sign-ups per client address.
    pub(crate) signups: AddressLimiter,
    /// Whether the login cookie is `Secure` (the public URL is https).
    pub(crate) secure: bool,
}

impl Accounts {
    /// The state for a process with this configuration.
    pub fn new(config: &Config) -> Accounts {
        Accounts {
            hasher: Hasher::new(config.password_hashes),
            throttle: Throttle::new(config.login_delay),
            logins: AddressLimiter::per_minute(config.logins_per_minute),
            signups: AddressLimiter::per_minute(config.signups_per_minute),
            secure: config
                .public_url
                .as_deref()
                .is_some_and(|u| u.trim().to_ascii_lowercase().starts_with("https://")),
        }
    }
}
