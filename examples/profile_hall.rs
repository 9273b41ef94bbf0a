//! Runs the loose-body benchmark's hall (`benches/physics.rs`) without
//! criterion or rapier, for a profiler, and prints the state's hash, so
//! that a change to the solver shows both its instruction count and
//! whether the motion stayed the same.
//!
//! ```sh
//! cargo build --release --example profile_hall
//! valgrind --tool=callgrind --toggle-collect='*profile_hall*profile_ticks*' \
//!     target/release/examples/profile_hall 180
//! callgrind_annotate --inclusive=yes callgrind.out.<pid> | head -40
//! ```
//!
//! The first second (120 ticks) runs before the profiled ticks, as the
//! benchmark's warm-up does; the argument is the number of profiled ticks
//! (1,200 unless given). After 1,200 the hash is the one the benchmark
//! prints.

use anyhow::Context;
use mazewalker::physics::LooseBodies;

#[path = "../benches/support/scenes.rs"]
mod scenes;
use scenes::Rng;

#[path = "../benches/support/hall.rs"]
mod hall;
use hall::{STIR_SEED, STIR_TICKS, our_hall, our_tick};

fn main() -> anyhow::Result<()> {
    let ticks: usize = match std::env::args().nth(1) {
        Some(count) => count.parse().context("the number of ticks")?,
        None => 1200,
    };
    let mut world = our_hall();
    let mut rng = Rng(STIR_SEED);
    for t in 1..=STIR_TICKS {
        our_tick(&mut world, t, &mut rng);
    }
    profile_ticks(&mut world, &mut rng, ticks);
    println!(
        "{ticks} ticks after the first second: state hash {:#018x} ({} awake)",
        world.state_hash(),
        world.awake_count()
    );
    Ok(())
}

/// The profiled ticks, from tick `STIR_TICKS + 1` on (the function a
/// profiler's count is taken in).
#[inline(never)]
fn profile_ticks(world: &mut LooseBodies, rng: &mut Rng, ticks: usize) {
    for t in STIR_TICKS + 1..=STIR_TICKS + ticks {
        our_tick(world, t, rng);
    }
}
