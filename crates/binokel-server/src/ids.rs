//! Names of things: invite codes, seat tokens, display names and the WebSocket URL of a
//! base URL.

use crate::protocol::{ErrorCode, Refusal};
use rand::Rng;

/// The alphabet of invite codes: no 0/O, 1/I to misread.
pub const CODE_ALPHABET: &[u8] = b"ABCDEFGHJKLMNPQRSTUVWXYZ23456789";

/// A fresh invite code.
pub fn new_code() -> String {
    let mut r = rand::thread_rng();
    (0..6)
        .map(|_| CODE_ALPHABET[r.gen_range(0..CODE_ALPHABET.len())] as char)
        .collect()
}

/// An invite code as typed: surrounding space trimmed, letters in upper case (`k7m2qx` is
/// `K7M2QX`).
pub fn normal_code(code: &str) -> String {
    code.trim().to_ascii_uppercase()
}

pub(crate) fn valid_code(code: &str) -> bool {
    code.len() == 6 && code.bytes().all(|b| CODE_ALPHABET.contains(&b))
}

/// A fresh seat token: 128 random bits in hex.
pub fn new_token() -> String {
    let mut r = rand::thread_rng();
    format!("{:032x}", r.gen::<u128>())
}

/// A display name: [`binokel::name::check`] (trimmed, 1 to 24 characters, no control
/// character, a visible character); none or only white space is the default `Seat N`.
pub fn check_name(name: Option<&str>, seat: usize) -> Result<String, Refusal> {
    let Some(n) = name.map(str::trim).filter(|n| !n.is_empty()) else {
        return Ok(format!("Seat {}", seat + 1));
    };
    binokel::name::check(n).map_err(|e| Refusal::new(ErrorCode::BadRequest, format!("`name`: {e}")))
}

/// The WebSocket URL of a server's base URL.
pub fn ws_url(base: &str) -> String {
    let b = base.trim_end_matches('/');
    let b = if let Some(r) = b.strip_prefix("https://") {
        format!("wss://{r}")
    } else if let Some(r) = b.strip_prefix("http://") {
        format!("ws://{r}")
    } else {
        b.to_string()
    };
    format!("{b}/ws")
}
