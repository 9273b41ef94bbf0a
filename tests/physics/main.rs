//! Loose bodies in the pure layer: against formulas, in scenarios people
//! try, under random levels and inputs, and replayed bit for bit.

mod determinism;
mod formulas;
mod properties;
mod scenarios;
mod scene;
mod walker;

/// The crate's one rule for property tests' case counts and seed.
#[path = "../../src/property_cases.rs"]
mod property_cases;
