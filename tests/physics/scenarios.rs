//! Scenarios people try with loose bodies.
