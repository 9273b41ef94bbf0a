//! A 1425×1425 maze (about a million walls) in the real window under a
//! real X server (Xvfb in CI): a walk, the full map of the walls seen so
//! far, then ghost mode and the whole maze fitted on the map (every wall,
//! streamed by tile as density squares), then zoomed in, all without a
//! panic or a device error. Its own test binary: one event loop per
//! process.

use crate::common;

use mazewalker::app::{ScriptStep, WindowOptions, run_window_scripted};
use mazewalker::bindings::Action;
use mazewalker::level::Level;

#[test]
fn a_million_wall_maze_walks_and_maps_in_the_window() {
    if !crate::own_process("huge_maze::a_million_wall_maze_walks_and_maps_in_the_window") {
        return;
    }
    if !common::display_or_skip("window_huge_maze") {
        return;
    }
    let level = Level::maze(1425, 1425, 1).expect("maze");
    let walls = level.walls.len();
    let mut script = vec![
        ScriptStep::Ticks(3),
        ScriptStep::Action(Action::MoveForward, true),
        ScriptStep::Ticks(60),
        ScriptStep::Action(Action::MoveForward, false),
    ];
    // The full map, walking: the walls seen so far.
    for _ in 0..2 {
        script.extend(common::press(Action::CycleMap));
    }
    script.push(ScriptStep::CaptureHud);
    // Ghost mode shows every wall; fitted, the whole maze.
    script.extend(common::press(Action::ToggleGhost));
    script.extend(common::press(Action::FitMap));
    script.extend([ScriptStep::Ticks(3), ScriptStep::CaptureHud]);
    // Zoomed in eight steps (16×): walls as lines again.
    for _ in 0..8 {
        script.extend(common::press(Action::ZoomMapIn));
    }
    script.extend([ScriptStep::Ticks(3), ScriptStep::CaptureHud]);

    let options = WindowOptions {
        size: (320, 180),
        ..WindowOptions::default()
    };
    let report = run_window_scripted(level, options, script).expect("the window session runs");
    let map_line = |index: usize| {
        report.huds[index]
            .iter()
            .find(|line| line.starts_with("map "))
            .cloned()
            .unwrap_or_else(|| panic!("no map line in {:?}", report.huds[index]))
    };
    assert_eq!(report.huds.len(), 3, "{:?}", report.huds);
    let walking = map_line(0);
    assert!(
        walking.starts_with("map full  follow on  20.0 px/m  seen ")
            && walking.ends_with(&format!(" of {walls} walls"))
            && !walking.contains("seen 0 "),
        "{walking}"
    );
    let fitted = map_line(1);
    assert!(
        fitted.starts_with("map full  follow off  0.") && fitted.ends_with("all walls"),
        "fitted on a 320 px wide window, a 2850 m maze is under 1 px/m: {fitted}"
    );
    let zoomed = map_line(2);
    assert!(zoomed.ends_with("all walls"), "{zoomed}");
    assert!(
        report.frames_rendered >= 12,
        "{} frames",
        report.frames_rendered
    );
}
