//! The walker placed where a test starts it.

use std::sync::Arc;

use glam::Vec2;
use mazewalker::collision::Collider;
use mazewalker::level::Level;
use mazewalker::simulation::Simulation;
use mazewalker::walker::Pose;

/// The simulation on `level` with the eye placed at `at`, standing on the
/// floor there, and the collider the walker moves through.
pub fn standing_at(level: &Level, at: Vec2) -> (Simulation, Arc<Collider>) {
    let collider = level.walking_collider(&Arc::new(level.collider()));
    let mut simulation = Simulation::at_spawn(level);
    let walker = &mut simulation.walker;
    walker.place(Pose {
        position: at,
        ..walker.pose()
    });
    walker.land(collider.heights(), level.player.radius);
    (simulation, collider)
}
