//! What one seat did in one match, counted for the profile's statistics.
