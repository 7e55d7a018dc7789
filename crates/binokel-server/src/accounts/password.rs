//! Passwords: the length rule, and argon2id hashing (the `argon2` crate, its default
//! parameters: 19 MiB, 2 passes, 1 lane, the OWASP recommendation) off the async threads
//! with a bound on the hashes computed at once (docs/accounts.md, "Passwords").

use argon2::password_hash::{PasswordHash, PasswordHasher, PasswordVerifier, SaltString};
use argon2::Argon2;
use std::sync::Arc;
use std::time::Duration;
use tokio::sync::{OnceCell, Semaphore};
use unicode_normalization::UnicodeNormalization;

/// The fewest characters a password may have.
pub const MIN_PASSWORD_CHARS: usize = 8;
/// The most bytes (UTF-8) a password may have: checked before hashing, so that a huge
/// password cannot make the server hash megabytes.
pub const MAX_PASSWORD_BYTES: usize = 1024;
/// How long a request waits for a free hashing slot before it is refused as busy.
const HASH_WAIT: Duration = Duration::from_secs(10);

/// Why a password is refused: the error code and the sentence.
pub fn check(password: &str) -> Result<(), (&'static str, String)> {
    if password.len() > MAX_PASSWORD_BYTES {
        return Err((
            "password_too_long",
            format!(
                "the password has {} bytes, more than {MAX_PASSWORD_BYTES}, the most a password may have",
                password.len()
            ),
        ));
    }
    let chars = password.chars().count();
    if chars < MIN_PASSWORD_CHARS {
        return Err((
            "password_too_short",
            format!("the password has {chars} characters, fewer than {MIN_PASSWORD_CHARS}, the fewest a password may have"),
        ));
    }
    Ok(())
}

/// The bytes that are hashed: the password in NFKC, so that the same word typed on two
/// keyboards (a composed or a decomposed ü) is the same password.
fn normal(password: &str) -> String {
    password.nfkc().collect()
}

/// Hashes a password (argon2id, a fresh random salt) into its PHC string. Blocking: call it
/// through [`Hasher`].
pub fn hash_now(password: &str) -> Result<String, String> {
    let salt = SaltString::generate(&mut rand::rngs::OsRng);
    Argon2::default()
        .hash_password(normal(password).as_bytes(), &salt)
        .map(|h| h.to_string())
        .map_err(|e| format!("cannot hash the password: {e}"))
}

/// Whether `password` matches the PHC string `phc` (with the parameters the string names).
/// Blocking: call it through [`Hasher`]. A string that is not a hash matches nothing.
pub fn verify_now(password: &str, phc: &str) -> bool {
    PasswordHash::new(phc).is_ok_and(|h| {
        Argon2::default()
            .verify_password(normal(password).as_bytes(), &h)
            .is_ok()
    })
}

/// Runs the hashes on the blocking threads, at most `slots` at once; a request that waits
/// longer than 10 s for a slot gets `None` (the caller answers `503 busy`).
#[derive(Clone)]
pub struct Hasher {
    slots: Arc<Semaphore>,
    dummy: Arc<OnceCell<String>>,
}

impl Hasher {
    /// A hasher with `slots` hashes at once (at least one).
    pub fn new(slots: usize) -> Hasher {
        Hasher {
            slots: Arc::new(Semaphore::new(slots.max(1))),
            dummy: Arc::new(OnceCell::new()),
        }
    }

    async fn run<T: Send + 'static>(&self, f: impl FnOnce() -> T + Send + 'static) -> Option<T> {
        let permit = tokio::time::timeout(HASH_WAIT, self.slots.clone().acquire_owned())
            .await
            .ok()?
            .ok()?;
        let r = tokio::task::spawn_blocking(f).await.ok();
        drop(permit);
        r
    }

    /// [`hash_now`] on a blocking thread; None when no slot came free in time.
    pub async fn hash(&self, password: &str) -> Option<Result<String, String>> {
        let p = password.to_string();
        self.run(move || hash_now(&p)).await
    }

    /// [`verify_now`] on a blocking thread; None when no slot came free in time. With no hash
    /// (an unknown name) the password is checked against a dummy hash, so that the answer
    /// takes as long as for a name that exists, and is false.
    pub async fn verify(&self, password: &str, phc: Option<String>) -> Option<bool> {
        let known = phc.is_some();
        let phc = match phc {
            Some(h) => h,
            None => self.dummy().await?,
        };
        let p = password.to_string();
        let ok = self.run(move || verify_now(&p, &phc)).await?;
        Some(ok && known)
    }

    /// The dummy hash: a random password's, made once.
    async fn dummy(&self) -> Option<String> {
        let this = self.clone();
        self.dummy
            .get_or_try_init(|| async move {
                let secret = crate::ids::new_token();
                match this.hash(&secret).await {
                    Some(Ok(h)) => Ok(h),
                    _ => Err(()),
                }
            })
            .await
            .ok()
            .cloned()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn lengths_are_checked_before_hashing() {
        assert_eq!(check("1234567").unwrap_err().0, "password_too_short");
        assert!(check("12345678").is_ok());
        // Characters, not bytes: eight umlauts are eight characters.
        assert!(check("üüüüüüüü").is_ok());
        assert_eq!(check(&"x".repeat(1025)).unwrap_err().0, "password_too_long");
        assert!(check(&"x".repeat(1024)).is_ok());
    }

    #[test]
    fn a_hash_is_argon2id_and_verifies_only_its_password() {
        let h = hash_now("correct horse").unwrap();
        assert!(h.starts_with("$argon2id$v=19$m=19456,t=2,p=1$"), "{h}");
        assert!(verify_now("correct horse", &h));
        assert!(!verify_now("correct horsE", &h));
        assert!(!verify_now("correct horse", "not a hash"));
        // Composed and decomposed ü are one password.
        let u = hash_now("gr\u{fc}n-gr\u{fc}n").unwrap();
        assert!(verify_now("gru\u{308}n-gru\u{308}n", &u));
    }
}
