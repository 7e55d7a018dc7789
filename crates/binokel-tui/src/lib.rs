//! Binokel in the terminal: a match against computer players, in a full-screen table
//! (ratatui) or in a plain line mode, in English, German, Portuguese or Dutch (fluent
//! catalogues in `locales/`).
//!
//! One state machine, [`session::Session`], drives both front ends: it knows whose turn it
//! is, lets the bots move, checks the person's moves, takes them back, asks the strong bot
//! for hints and saves the match as a `binokel-record/1` file after every action.
#![deny(missing_docs)]
#![forbid(unsafe_code)]

pub mod command;
pub mod i18n;
pub mod marks;
pub mod pad;
pub mod pages;
pub mod plain;
pub mod render;
pub mod replay;
pub mod reviewtable;
pub mod screen;
pub mod seats;
pub mod session;
pub mod text;
pub mod tui;

pub use i18n::{CardStyle, Catalog, Lang};
pub use session::{Config, Event, Session, Status};
