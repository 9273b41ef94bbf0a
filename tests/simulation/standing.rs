//! The walker placed where a test starts it, and the demos the tests
//! record and play back.

use std::sync::Arc;

use glam::Vec2;
use mazewalker::collision::Collider;
use mazewalker::demo::{DemoError, DemoHeader, DemoReader, DemoRecorder, Played, play};
use mazewalker::level::{Level, LevelChoice};
use mazewalker::simulation::Simulation;
use mazewalker::walker::{MoveIntent, Pose, TickInput};

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

/// A tick walking forward by `amount` (backward when negative).
pub fn forward(amount: f32) -> TickInput {
    TickInput {
        held: MoveIntent {
            forward: amount,
            ..MoveIntent::default()
        },
        ..TickInput::default()
    }
}

/// `inputs` recorded as a demo of the file `file` (holding `level`),
/// the walker starting at `at`: each tick stepped through `collider`
/// and shown to `after_tick`. The demo's text, and the simulation at its
/// end.
pub fn recorded(
    level: &Level,
    file: &str,
    at: Vec2,
    collider: &Collider,
    inputs: impl IntoIterator<Item = TickInput>,
    mut after_tick: impl FnMut(&Simulation),
) -> (String, Simulation) {
    let (mut simulation, _) = standing_at(level, at);
    let header =
        DemoHeader::for_recording(LevelChoice::File(file.into()), level, &simulation.walker);
    let mut recorder = DemoRecorder::new(Vec::new(), &header).expect("header written");
    for input in inputs {
        simulation.step(&input, collider);
        after_tick(&simulation);
        recorder.record(&input, &simulation).expect("tick written");
    }
    let demo = recorder.finish(&simulation).expect("finished");
    (String::from_utf8(demo).expect("a demo is text"), simulation)
}

/// `demo` played on `level` through `collider`.
pub fn played(level: &Level, collider: &Collider, demo: &str) -> Played {
    let (mut reader, header) = DemoReader::new(demo.as_bytes()).expect("the demo reads");
    let mut simulation = header.simulation(level);
    play(&mut reader, &mut simulation, collider, |_, _| {
        Ok::<(), DemoError>(())
    })
    .expect("the demo plays")
}
