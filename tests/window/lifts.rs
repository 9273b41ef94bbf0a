//! A ride on a lift, recorded through the real window (Xvfb in CI): the
//! walk over its switch line starts it and the walker goes down with it;
//! the demo plays back headless to the same place, the feet's height
//! matching at each check line: lifts are part of the simulation. A
//! process of its own: one event loop per process.

use crate::common;

use mazewalker::app::{ScriptStep, WindowOptions, run_window_scripted};
use mazewalker::bindings::Action;

/// Two rooms in the void, the west one (x 0 to 10) at 0 and the lift
/// east of it (x 10 to 14) at 1 m, lowering to 0; the walker starts on
/// the lift facing east (+x), and a walk switch across it at x = 11
/// starts it.
pub const LEVEL: &str = "name = \"Lift\"\n\
    [player]\nstart = [10.5, 2.0]\nyaw = 0.0\n\n\
    [environment]\nground = false\n\n\
    [[floor]]\npoints = [[0, 0], [10, 0], [10, 4], [0, 4]]\nheight = 0\nceiling = 4\n\n\
    [[floor]]\npoints = [[10, 0], [14, 0], [14, 4], [10, 4]]\nheight = 1\nceiling = 4\n\n\
    [[lift]]\nfloors = [1]\nlow = 0\n\n\
    [[switch]]\na = [11, 0.5]\nb = [11, 3.5]\nby = \"walk\"\nlifts = [0]\n";

#[test]
fn a_lift_ride_recorded_in_the_window_plays_back_headless_bit_for_bit() {
    if !crate::own_process(
        "lifts::a_lift_ride_recorded_in_the_window_plays_back_headless_bit_for_bit",
    ) {
        return;
    }
    if !common::display_or_skip("window_lifts") {
        return;
    }
    let (path, level) = common::level_file("window_lifts", LEVEL);
    let demo = path.with_file_name("ride.demo");
    // East over the switch line, then still while the lift lowers (1 m
    // at 4.375 m/s: about 28 ticks).
    let script = vec![
        ScriptStep::Ticks(2),
        ScriptStep::Action(Action::MoveForward, true),
        ScriptStep::Ticks(40),
        ScriptStep::Action(Action::MoveForward, false),
        ScriptStep::Ticks(90),
        ScriptStep::Checkpoint,
        ScriptStep::Close,
    ];
    let options = WindowOptions {
        size: (320, 180),
        record: Some(demo.clone()),
        watch: false,
        ..WindowOptions::default()
    };
    let report = run_window_scripted(level, options, script).expect("the window session runs");
    let [ridden] = report.checkpoints[..] else {
        panic!("one checkpoint, got {:?}", report.checkpoints);
    };
    assert!(ridden.x > 11.0, "over the switch line: {ridden}");
    // The demo's checks hold the feet's height: down with the lift.
    let text = std::fs::read_to_string(&demo).expect("the demo");
    let lowest = (text.split_whitespace())
        .filter_map(|field| field.strip_prefix("feet="))
        .filter_map(|feet| feet.parse::<f32>().ok())
        .fold(f32::INFINITY, f32::min);
    assert_eq!(lowest, 0.0, "the feet never went down:\n{text}");

    let (x, z) = common::play_headless(&demo);
    assert_eq!((x, z), (ridden.x, ridden.y));
    assert_eq!(report.final_position, ridden);
}
