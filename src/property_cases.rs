//! How many cases a property test draws, and from which seed: one rule for
//! every property test of the crate, its unit tests and (through `#[path]`
//! in `tests/common`) its integration tests.
//!
//! A test run draws the same cases every time, so that its verdict never
//! depends on the luck of the draw: the seed is [`FIXED_SEED`] unless
//! `PROPTEST_RNG_SEED` names another. The wide random search runs apart, in
//! `scripts/soak`, which names a fresh seed and multiplies every test's
//! case count by `MAZEWALKER_PROPTEST_SCALE`.

use proptest::test_runner::{Config, RngSeed};

/// The seed every property test draws its cases from when
/// `PROPTEST_RNG_SEED` is not set.
pub const FIXED_SEED: u64 = 20_261_127;

/// The environment variable that multiplies every test's case count.
pub const SCALE_VARIABLE: &str = "MAZEWALKER_PROPTEST_SCALE";

/// The configuration of a property test that draws `cases` cases in an
/// ordinary run: proptest's defaults (and its environment variables),
/// `cases` times the scale, from the fixed seed unless one is named.
pub fn property_config(cases: u32) -> Config {
    let scale = std::env::var(SCALE_VARIABLE)
        .ok()
        .and_then(|scale| scale.parse::<u32>().ok())
        .unwrap_or(1)
        .max(1);
    let mut config = Config::with_cases(cases.saturating_mul(scale));
    if config.rng_seed == RngSeed::Random {
        config.rng_seed = RngSeed::Fixed(FIXED_SEED);
    }
    config
}
