//! What one edit costs on the main thread: from the key that makes it to
//! the renderer drawing the edited level (the session's edit, the scene
//! change the shell hands the renderer, and the next frame, waited for on
//! the device), on the house and on mazes of 24×24, 300×300 and 1425×1425
//! cells. It prints the figures of `docs/benchmarks.md` and asserts only
//! that each edit happened: no figure depends on the machine's speed.
//!
//! ```sh
//! cargo test --release --test edit_cost -- --ignored --nocapture
//! ```
//!
//! The house runs in every test run (it is quick even unoptimised); the
//! mazes are ignored unless asked for, as they take seconds to open for
//! editing.

mod common;

use std::time::{Duration, Instant};

use mazewalker::app::{Session, WindowOptions};
use mazewalker::input::Action;
use mazewalker::level::Level;
use mazewalker::render::offscreen::render_target;
use mazewalker::render::{Gpu, Renderer};
use winit::keyboard::KeyCode;

/// The frame's size: small, so that drawing the frame weighs little
/// beside the edit.
const SIZE: (u32, u32) = (320, 180);

/// Rounds of edits timed per level (each: delete, undo, add, undo).
const ROUNDS: usize = 5;

/// A session and the renderer that draws it, as the window has them.
struct Drawn {
    gpu: Gpu,
    session: Session,
    renderer: Renderer,
    view: wgpu::TextureView,
}

/// One edit's main-thread time, split as it is spent.
#[derive(Debug, Clone, Copy, Default)]
struct EditTime {
    /// The session: the edit, the collider, every part told.
    session: Duration,
    /// The renderer takes the scene change.
    scene: Duration,
    /// The next frame, drawn and waited for.
    frame: Duration,
}

impl EditTime {
    fn total(&self) -> Duration {
        self.session + self.scene + self.frame
    }
}

impl Drawn {
    fn new(gpu: Gpu, level: Level) -> Self {
        let options = WindowOptions {
            watch: false,
            size: SIZE,
            save_folder: Some(std::env::temp_dir()),
            ..WindowOptions::default()
        };
        let session = Session::new(level, &options);
        let (level, collider) = session.shared_level();
        let renderer = Renderer::new(
            &gpu,
            mazewalker::render::offscreen::OFFSCREEN_FORMAT,
            SIZE,
            mazewalker::render::RenderQuality::FAST,
            level,
            collider,
        )
        .expect("renderer");
        let view = render_target(&gpu, "edit cost", SIZE)
            .create_view(&wgpu::TextureViewDescriptor::default());
        let mut drawn = Self {
            gpu,
            session,
            renderer,
            view,
        };
        drawn.frame();
        drawn
    }

    /// Draws the session's frame and waits for the device.
    fn frame(&mut self) -> Duration {
        let started = Instant::now();
        let frame = self.session.frame();
        self.renderer
            .render_with_map(&self.gpu, &self.view, &frame.input(), frame.map.as_ref());
        self.gpu
            .device
            .poll(wgpu::PollType::wait_indefinitely())
            .expect("device");
        started.elapsed()
    }

    /// Runs `edit` on the session, hands the renderer the change and draws
    /// the next frame, timing each.
    fn timed(&mut self, edit: impl FnOnce(&mut Session)) -> EditTime {
        let started = Instant::now();
        edit(&mut self.session);
        let session = started.elapsed();
        let started = Instant::now();
        if let Some(change) = self.session.take_scene_change() {
            change.apply_to(&mut self.renderer).expect("scene");
        }
        let scene = started.elapsed();
        let frame = self.frame();
        EditTime {
            session,
            scene,
            frame,
        }
    }

    fn wall_count(&self) -> usize {
        self.session.level().walls.len()
    }

    /// Walls, obstacles and lamps: Delete removes whichever is aimed at.
    fn item_count(&self) -> usize {
        let level = self.session.level();
        level.walls.len() + level.obstacles.len() + level.lights.len()
    }

    /// Turns right a little (ticks of the turn key), moving the crosshair's
    /// cursor point.
    fn turn(&mut self, ticks: u32) {
        common::hold(&mut self.session, KeyCode::ArrowRight, ticks);
        self.frame();
    }
}

/// The median of `times` by total.
fn median(mut times: Vec<EditTime>) -> EditTime {
    times.sort_by_key(EditTime::total);
    times[times.len() / 2]
}

fn ms(duration: Duration) -> f64 {
    duration.as_secs_f64() * 1000.0
}

/// Times `ROUNDS` rounds of edits on `level` and prints one line per kind
/// of edit.
fn measure(name: &str, level: Level) {
    let Some(gpu) = common::gpu_or_skip("edit_cost") else {
        return;
    };
    let mut drawn = Drawn::new(gpu, level);
    let plain_frame = drawn.frame();
    let opened = Instant::now();
    // Looking down, the crosshair meets the floor near the feet: turning
    // then moves the cursor point from one grid point to the next.
    common::hold(&mut drawn.session, KeyCode::PageDown, 60);
    drawn.session.act(Action::ToggleEdit);
    drawn.session.advance_ticks(2);
    assert!(drawn.session.is_editing(), "edit mode is on");
    let opening = opened.elapsed();
    drawn.frame();
    let (mut deletes, mut adds, mut undos) = (Vec::new(), Vec::new(), Vec::new());
    for _ in 0..ROUNDS {
        let (walls, items) = (drawn.wall_count(), drawn.item_count());
        deletes.push(drawn.timed(|session| common::tap(session, KeyCode::Delete)));
        assert_eq!(
            drawn.item_count(),
            items - 1,
            "Delete removed the aimed item"
        );
        undos.push(drawn.timed(|session| common::ctrl_tap(session, KeyCode::KeyZ)));
        assert_eq!(drawn.item_count(), items, "undo put it back");

        common::tap(&mut drawn.session, KeyCode::Space);
        let mut added = None;
        for _ in 0..20 {
            drawn.turn(4);
            let time = drawn.timed(|session| common::tap(session, KeyCode::Space));
            if drawn.wall_count() == walls + 1 {
                added = Some(time);
                break;
            }
        }
        adds.push(added.expect("Space built a wall once the cursor moved"));
        common::tap(&mut drawn.session, KeyCode::Enter);
        undos.push(drawn.timed(|session| common::ctrl_tap(session, KeyCode::KeyZ)));
        assert_eq!(drawn.wall_count(), walls, "undo took the new wall away");
    }
    println!(
        "{name}: {} walls; opening the edit session {:.1} ms; a frame without an edit {:.2} ms",
        drawn.wall_count(),
        ms(opening),
        ms(plain_frame)
    );
    for (kind, times) in [("delete", deletes), ("add", adds), ("undo", undos)] {
        let time = median(times);
        println!(
            "{name}: {kind:6} total {:8.2} ms = session {:8.2} + scene {:8.2} + next frame {:7.2}",
            ms(time.total()),
            ms(time.session),
            ms(time.scene),
            ms(time.frame)
        );
    }
}

#[test]
fn one_edit_on_the_house() {
    measure("house", Level::default_house());
}

fn maze(cells: u32) -> Level {
    Level::maze(cells, cells, 1).expect("maze")
}

#[test]
#[ignore = "a measurement: run in release with --ignored --nocapture"]
fn one_edit_on_a_24_maze() {
    measure("maze 24x24", maze(24));
}

#[test]
#[ignore = "a measurement: run in release with --ignored --nocapture"]
fn one_edit_on_a_300_maze() {
    measure("maze 300x300", maze(300));
}

#[test]
#[ignore = "a measurement: run in release with --ignored --nocapture"]
fn one_edit_on_a_1425_maze() {
    measure("maze 1425x1425", maze(1425));
}
