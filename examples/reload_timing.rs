//! Measures hot reload in the real window: from the trigger (a write of the
//! level file, or F5) to the first frame presented with the new level, the
//! main thread's share of that (the swap), and the longest frame while the
//! new level was being built. Run under a display (Xvfb works):
//!
//! ```sh
//! xvfb-run -a cargo run --release --example reload_timing -- house
//! xvfb-run -a cargo run --release --example reload_timing -- maze 300
//! ```
//!
//! `house` rewrites a copy of `assets/levels/house.toml` in place, adding
//! and removing a wall; `maze N` presses F5 on an N×N maze. One mode per
//! run: winit allows one event loop per process.

use std::path::Path;

use mazewalker::app::{ScriptStep, WindowOptions, run_window_scripted};
use mazewalker::bindings::Action;
use mazewalker::level::{DEFAULT_HOUSE_TOML, Level};

const RELOADS: usize = 5;

fn main() -> anyhow::Result<()> {
    let arguments: Vec<String> = std::env::args().skip(1).collect();
    let (level, script) = match arguments.first().map(String::as_str) {
        Some("maze") => {
            let side: u32 = arguments.get(1).map_or(Ok(300), |side| side.parse())?;
            let level = Level::maze(side, side, 1)?;
            let mut script = vec![ScriptStep::Ticks(20)];
            for _ in 0..RELOADS {
                script.push(ScriptStep::Action(Action::ReloadLevel, true));
                script.push(ScriptStep::Action(Action::ReloadLevel, false));
                script.push(ScriptStep::AwaitReload(std::time::Duration::from_secs(600)));
                script.push(ScriptStep::Ticks(20));
            }
            (level, script)
        }
        Some("house") | None => {
            let folder = std::env::temp_dir().join("mazewalker-reload-timing");
            std::fs::create_dir_all(&folder)?;
            let path = folder.join("house.toml");
            std::fs::write(&path, DEFAULT_HOUSE_TOML)?;
            let level = Level::load(&path)?.level;
            (level, house_script(&path))
        }
        Some(other) => anyhow::bail!("unknown mode {other:?}: use `house` or `maze N`"),
    };
    let options = WindowOptions {
        size: (960, 540),
        vsync: false,
        ..WindowOptions::default()
    };
    let name = level.name.clone();
    let report = run_window_scripted(level, options, script)?;
    println!("{name}: {} reloads", report.reloads.len());
    for record in &report.reloads {
        let milliseconds = |duration: Option<std::time::Duration>| {
            duration.map_or(f64::NAN, |duration| duration.as_secs_f64() * 1000.0)
        };
        println!(
            "trigger to new level on screen {:7.1} ms, main-thread swap {:6.2} ms, longest frame meanwhile {:6.1} ms{}",
            milliseconds(record.latency),
            milliseconds(record.swap_time),
            record.longest_frame.as_secs_f64() * 1000.0,
            record
                .error
                .as_deref()
                .map_or(String::new(), |error| format!(" ({error})"))
        );
    }
    Ok(())
}

/// Writes the house with an extra wall, then without it, in turn.
fn house_script(path: &Path) -> Vec<ScriptStep> {
    let with_wall = format!("{DEFAULT_HOUSE_TOML}\n[[wall]]\na = [1.0, 1.0]\nb = [2.0, 1.0]\n");
    let mut script = vec![ScriptStep::Ticks(20)];
    for index in 0..RELOADS {
        let text = if index % 2 == 0 {
            with_wall.clone()
        } else {
            DEFAULT_HOUSE_TOML.to_owned()
        };
        script.push(ScriptStep::WriteFile {
            path: path.to_path_buf(),
            text,
            by_rename: false,
        });
        script.push(ScriptStep::AwaitReload(std::time::Duration::from_secs(600)));
        script.push(ScriptStep::Ticks(20));
    }
    script
}
