//! The notation in force for writing the low card: `9`, or `7` under the sevens house rule
//! (RULES.md section 1).
//!
//! Records, the referee and every token carry the rules' own notation. Where a card is
//! written without its rules at hand (the `Display` of [`Card`](crate::Card),
//! [`CardSet`](crate::CardSet), [`Action`](crate::Action) and
//! [`IllegalAction`](crate::IllegalAction), and the serde forms of the views), the notation is
//! the one set for the current thread by [`with_low`]: `9` unless a caller says otherwise.
//! [`View`](crate::View) sets it from its own rules while it is serialized, so a view of a
//! sevens game says `7H` in its hand, history, tricks and legal actions.
//!
//! Reading is lenient where the rules are not at hand: the serde forms accept `9` and `7`
//! alike for the low card (there is no other card either could mean). Records never do: they
//! are read with their rules' notation only.

use std::cell::Cell;

/// What the lowest card is called (the `low` option): naming only.
#[derive(Copy, Clone, Debug, PartialEq, Eq, Hash, Default)]
pub enum Low {
    /// The standard pack: 9.
    #[default]
    Nine,
    /// The "sevens" house rule: the low card is written 7.
    Seven,
}

thread_local! {
    static LOW: Cell<Low> = const { Cell::new(Low::Nine) };
}

/// The notation in force on this thread.
pub fn low() -> Low {
    LOW.with(Cell::get)
}

/// Runs `f` with the low card written as `low`, then restores the notation before (also when
/// `f` panics).
///
/// ```
/// use binokel::{notation, Action, Card, Low};
/// let seven_h = Card::parse_code("7H", Low::Seven).unwrap();
/// assert_eq!(seven_h.to_string(), "9H");
/// assert_eq!(notation::with_low(Low::Seven, || Action::Play(seven_h).to_string()), "7H");
/// ```
pub fn with_low<R>(low: Low, f: impl FnOnce() -> R) -> R {
    struct Restore(Low);
    impl Drop for Restore {
        fn drop(&mut self) {
            LOW.with(|c| c.set(self.0));
        }
    }
    let _restore = Restore(LOW.with(|c| c.replace(low)));
    f()
}
