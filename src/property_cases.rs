//! How many cases a property test draws, and from which seed: one rule for
//! every property test of the crate, its unit tests and (through `#[path]`
//! in `tests/common`) its integration tests.
//!
//! A test run draws the same cases every time, so that its verdict never
//! depends on the luck of the draw: the seed is [`FIXED_SEED`] unless
//! `PROPTEST_RNG_SEED` names another. The wide random search runs apart, in
//! `scripts/soak`, which names a fresh seed and multiplies every test's
//! case count by `MAZEWALKER_PROPTEST_SCALE`.
//!
//! A failure's smallest case is kept beside the test's source file, in
//! `NAME.proptest-regressions` for `NAME.rs`, and tried first on every
//! later run. proptest's default keeps it under a `proptest-regressions`
//! folder named by the file's path below the nearest `main.rs` or
//! `lib.rs`, where the modules of two gathered test binaries, such as
//! `tests/physics/properties.rs` and `tests/editing/properties.rs`, would
//! share one file.

use proptest::test_runner::{Config, FileFailurePersistence, RngSeed};

/// The seed every property test draws its cases from when
/// `PROPTEST_RNG_SEED` is not set.
pub const FIXED_SEED: u64 = 20_261_127;

/// The environment variable that multiplies every test's case count.
pub const SCALE_VARIABLE: &str = "MAZEWALKER_PROPTEST_SCALE";

/// The configuration of a property test that draws `cases` cases in an
/// ordinary run: proptest's defaults (and its environment variables),
/// `cases` times the scale, from the fixed seed unless one is named, with
/// failures kept beside the test's source file.
pub fn property_config(cases: u32) -> Config {
    let scale = std::env::var(SCALE_VARIABLE)
        .ok()
        .and_then(|scale| scale.parse::<u32>().ok())
        .unwrap_or(1)
        .max(1);
    let mut config = Config::with_cases(cases.saturating_mul(scale));
    config.failure_persistence = Some(Box::new(FileFailurePersistence::WithSource(
        "proptest-regressions",
    )));
    if config.rng_seed == RngSeed::Random {
        config.rng_seed = RngSeed::Fixed(FIXED_SEED);
    }
    config
}
