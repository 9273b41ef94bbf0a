//! Hot reload through the real window under a real X server (Xvfb in CI):
//! the level file is rewritten mid-session, in place and then by rename, and
//! the eye stops at walls that were not there at start; a broken file leaves
//! the old level live. Its own test binary: one event loop per process.

use crate::common;

use std::path::Path;
use std::time::Duration;

use mazewalker::app::{ScriptStep, WindowOptions, run_window_scripted};
use mazewalker::bindings::Action;
use mazewalker::level::Level;

/// A corridor along +x, the eye at the origin looking down it, and
/// optionally a wall across it at `x`.
fn corridor(name: &str, across_at: Option<f32>) -> String {
    let mut text = format!(
        "name = \"{name}\"\n[player]\nstart = [0.0, 0.0]\n\n\
         [[wall]]\na = [-5.0, -2.0]\nb = [40.0, -2.0]\n\n\
         [[wall]]\na = [-5.0, 2.0]\nb = [40.0, 2.0]\n"
    );
    if let Some(x) = across_at {
        text.push_str(&format!(
            "\n# added while walking\n[[wall]]\na = [{x:?}, -2.0]\nb = [{x:?}, 2.0]\n"
        ));
    }
    text
}

/// Runs forward for `ticks` ticks, long enough to reach any wall ahead, then
/// notes where the eye stopped.
fn run_forward(ticks: u32) -> Vec<ScriptStep> {
    vec![
        ScriptStep::Action(Action::Run, true),
        ScriptStep::Action(Action::MoveForward, true),
        ScriptStep::Ticks(ticks),
        ScriptStep::Action(Action::MoveForward, false),
        ScriptStep::Action(Action::Run, false),
        ScriptStep::Checkpoint,
    ]
}

#[test]
fn rewriting_the_level_file_mid_session_changes_where_the_eye_stops() {
    if !crate::own_process(
        "reload::rewriting_the_level_file_mid_session_changes_where_the_eye_stops",
    ) {
        return;
    }
    if !common::display_or_skip("window_reload") {
        return;
    }
    let folder = Path::new(env!("CARGO_TARGET_TMPDIR")).join("window_reload");
    let _ = std::fs::remove_dir_all(&folder);
    std::fs::create_dir_all(&folder).expect("create the test folder");
    let path = folder.join("corridor.toml");
    std::fs::write(&path, corridor("Open corridor", None)).expect("write the level");
    let level = Level::load(&path).expect("valid").level;

    let mut script = vec![ScriptStep::Ticks(3), ScriptStep::Checkpoint];
    // In place: a wall appears 3 m ahead.
    script.push(ScriptStep::WriteFile {
        path: path.clone(),
        text: corridor("Wall at 3", Some(3.0)),
        by_rename: false,
    });
    script.push(ScriptStep::AwaitReload(Duration::from_secs(20)));
    script.extend(run_forward(200));
    // By rename: the wall moves to 6 m.
    script.push(ScriptStep::WriteFile {
        path: path.clone(),
        text: corridor("Wall at 6", Some(6.0)),
        by_rename: true,
    });
    script.push(ScriptStep::AwaitReload(Duration::from_secs(20)));
    script.extend(run_forward(200));
    // A broken file: the old level stays live, the wall at 6 m still stops.
    script.push(ScriptStep::WriteFile {
        path: path.clone(),
        text: "name = \"Broken\"\n[player]\nstart = [0.0]\n".to_owned(),
        by_rename: true,
    });
    script.push(ScriptStep::AwaitReload(Duration::from_secs(20)));
    script.extend(run_forward(100));
    script.push(ScriptStep::Close);

    let options = WindowOptions {
        size: (320, 180),
        ..WindowOptions::default()
    };
    let report = run_window_scripted(level, options, script).expect("the window session runs");
    // The exact bits, to compare runs on an idle and a loaded machine.
    eprintln!(
        "checkpoints {}",
        common::checkpoint_bits(&report.checkpoints)
    );
    let [start, at_three, at_six, after_broken] = report.checkpoints[..] else {
        panic!("expected 4 checkpoints, got {:?}", report.checkpoints);
    };
    assert_eq!(start.x, 0.0);
    // The eye keeps the wall's radius (0.3 by default) and a skin.
    assert!((2.69..2.7).contains(&at_three.x), "stopped at {at_three:?}");
    assert!((5.69..5.7).contains(&at_six.x), "stopped at {at_six:?}");
    assert_eq!(after_broken, at_six, "the broken file changed nothing");

    let [in_place, renamed, broken] = &report.reloads[..] else {
        panic!("expected 3 reloads, got {:?}", report.reloads);
    };
    assert!(in_place.swapped && renamed.swapped, "{:?}", report.reloads);
    assert!(!broken.swapped);
    let error = broken.error.as_deref().expect("the error is on the HUD");
    assert!(
        error.starts_with("error: ") && error.contains("corridor.toml:3:"),
        "{error}"
    );
    assert_eq!(report.level_name, "Wall at 6");
    for record in [in_place, renamed] {
        let latency = record.latency.expect("measured");
        let swap = record.swap_time.expect("measured");
        eprintln!(
            "reload: {:.0} ms from write to the new level on screen, {:.2} ms swapping on the main thread",
            latency.as_secs_f64() * 1000.0,
            swap.as_secs_f64() * 1000.0
        );
    }
}
