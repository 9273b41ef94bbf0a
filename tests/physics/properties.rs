//! Random levels and inputs: never through anything.
