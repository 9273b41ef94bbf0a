//! The physics benchmark (filled in by the next commits).

fn main() {}
